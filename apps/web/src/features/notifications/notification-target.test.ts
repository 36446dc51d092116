import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';
import { createNotification, createPostNotification } from './notifications.fakes';

describe('notificationTarget (SPEC 2: an item opens what it is about)', () => {
  it('opens the work, with the comment and its thread for a reply', () => {
    expect(notificationTarget(createNotification({ comment_id: 101, parent_id: 100 }))).toBe(
      '/work/5?comment=101&thread=100',
    );
    expect(
      notificationTarget(createNotification({ kind: 'liked', comment_id: null, parent_id: null })),
    ).toBe('/work/5');
  });

  it('opens the follower for a follow and nothing for a system notice about no work', () => {
    expect(notificationTarget(createNotification({ kind: 'follow', work_id: null }))).toBe(
      '/userInfor/12',
    );
    expect(notificationTarget(createNotification({ kind: 'follow', user_id: null }))).toBeNull();
    expect(notificationTarget(createNotification({ kind: 'system', work_id: null }))).toBeNull();
  });

  it('opens the post with the comment highlighted for a comment or reply on a post (ADR 0013)', () => {
    expect(notificationTarget(createPostNotification({ comment_id: 301, parent_id: 300 }))).toBe(
      '/community?post=7&comment=301&thread=300',
    );
    expect(
      notificationTarget(
        createPostNotification({ is_reply: false, comment_id: 300, parent_id: null }),
      ),
    ).toBe('/community?post=7&comment=300');
  });

  it('opens the post alone for a like on a post', () => {
    expect(
      notificationTarget(
        createPostNotification({ kind: 'liked', comment_id: null, parent_id: null, content: '' }),
      ),
    ).toBe('/community?post=7');
  });
});
