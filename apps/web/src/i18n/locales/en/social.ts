import { MESSAGES } from '@layerline/contract';

/** SPEC 2 bottom bar and follow button, SPEC 4 Social actions, SPEC 8 like and collect failures, SPEC 9 time display. */
export const social = {
  bar: 'Comments, likes and collections',
  showComments: 'Show comments',
  hideComments: 'Hide comments',
  comments: 'Comments',
  like: 'Like',
  unlike: 'Unlike',
  likes: 'Likes',
  collect: 'Collect',
  uncollect: 'Remove from collection',
  collects: 'Collections',
  likeFailed: MESSAGES.en.likeFailed,
  collectFailed: MESSAGES.en.collectFailed,
  follow: {
    none: 'Follow',
    follow_back: 'Follow back',
    following: 'Following',
    mutual: 'Mutual follow',
    unfollowHint: 'Click to unfollow',
  },
  time: {
    justNow: 'just now',
    minutesAgo_one: '{{count}} minute ago',
    minutesAgo_other: '{{count}} minutes ago',
    hoursAgo_one: '{{count}} hour ago',
    hoursAgo_other: '{{count}} hours ago',
    daysAgo_one: '{{count}} day ago',
    daysAgo_other: '{{count}} days ago',
  },
  /** Report a work, post or comment to the moderators (ADR 0014). */
  report: {
    action: 'Report',
    title: 'Report this {{item}}',
    items: { work: 'work', post: 'post', comment: 'comment' },
    reason: 'Reason',
    reasonRequired: 'Please pick a reason.',
    reasons: {
      spam: 'Spam or advertising',
      abuse: 'Abuse or harassment',
      sexual: 'Sexual content',
      violence: 'Violence',
      illegal: 'Illegal content',
      copyright: 'Copyright infringement',
      other: 'Something else',
    },
    detail: 'Details (optional)',
    submit: 'Send report',
    sent: 'Thank you. The moderators will look at it.',
    failed: 'The report was not sent: {{message}}',
  },
};
