import { MESSAGES } from '@layerline/contract';
import type { TCatalog } from '../en';

export const social: TCatalog['social'] = {
  bar: '评论、点赞与收藏',
  showComments: '展开评论',
  hideComments: '收起评论',
  comments: '评论数',
  like: '点赞',
  unlike: '取消点赞',
  likes: '点赞数',
  collect: '收藏',
  uncollect: '取消收藏',
  collects: '收藏数',
  likeFailed: MESSAGES.zh.likeFailed,
  collectFailed: MESSAGES.zh.collectFailed,
  follow: {
    none: '关注',
    follow_back: '回关',
    following: '已关注',
    mutual: '互相关注',
    unfollowHint: '点击取消关注',
  },
  time: {
    justNow: '刚刚',
    minutesAgo_one: '{{count}} 分钟前',
    minutesAgo_other: '{{count}} 分钟前',
    hoursAgo_one: '{{count}} 小时前',
    hoursAgo_other: '{{count}} 小时前',
    daysAgo_one: '{{count}} 天前',
    daysAgo_other: '{{count}} 天前',
  },
};
