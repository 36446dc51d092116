/** SPEC 2 /inform Notifications screen (works and, ADR 0013, community posts) and side navigation badge, SPEC 9 time display. */
export const notifications = {
  title: 'Notifications',
  tabs: {
    comment: 'Comments',
    liked: 'Likes',
    favor: 'Collections',
    follow: 'Followers',
    system: 'System',
  },
  unreadCount: '{{count}} unread',
  empty: 'Nothing here yet.',
  loadFailed: 'The notifications could not be loaded.',
  loadMore: 'Load more',
  unread: 'Unread',
  system: 'System notice',
  actions: {
    comment: 'commented on your work',
    reply: 'replied to your comment',
    liked: 'liked your work',
    favor: 'collected your work',
    follow: 'started following you',
  },
  /** ADR 0013: likes, comments and replies on the caller's community posts. */
  postActions: {
    comment: 'commented on your post',
    reply: 'replied to you',
    liked: 'liked your post',
  },
  work: 'Work: {{title}}',
  post: 'Post: {{excerpt}}',
  badge_one: '{{count}} unread notification',
  badge_other: '{{count}} unread notifications',
};
