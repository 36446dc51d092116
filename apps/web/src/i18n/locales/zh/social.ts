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
  /** 举报作品、帖子或评论（ADR 0014）。 */
  report: {
    action: '举报',
    title: '举报该{{item}}',
    items: { work: '作品', post: '帖子', comment: '评论' },
    reason: '举报原因',
    reasonRequired: '请选择举报原因。',
    reasons: {
      spam: '垃圾广告',
      abuse: '辱骂或骚扰',
      sexual: '色情内容',
      violence: '暴力内容',
      illegal: '违法内容',
      copyright: '侵犯版权',
      other: '其他',
    },
    detail: '补充说明（选填）',
    submit: '提交举报',
    sent: '感谢举报，审核员会尽快处理。',
    failed: '举报未能提交：{{message}}',
  },
};
