import type { TCatalog } from '../en';

export const notifications: TCatalog['notifications'] = {
  title: '消息通知',
  tabs: {
    comment: '评论',
    liked: '点赞',
    favor: '收藏',
    follow: '关注',
    system: '系统',
  },
  unreadCount: '{{count}} 条未读',
  empty: '这里还没有消息。',
  loadFailed: '消息加载失败。',
  loadMore: '加载更多',
  unread: '未读',
  system: '系统通知',
  actions: {
    comment: '评论了你的作品',
    reply: '回复了你的评论',
    liked: '赞了你的作品',
    favor: '收藏了你的作品',
    follow: '关注了你',
  },
  postActions: {
    comment: '评论了你的动态',
    reply: '回复了你',
    liked: '赞了你的动态',
  },
  work: '作品：{{title}}',
  post: '动态：{{excerpt}}',
  badge_one: '{{count}} 条未读消息',
  badge_other: '{{count}} 条未读消息',
};
