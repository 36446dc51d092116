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
};
