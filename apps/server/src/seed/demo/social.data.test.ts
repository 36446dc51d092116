import { describe, expect, it } from 'vitest';
import { DEMO_FOLLOWS, DEMO_WORK_COMMENTS } from './social.data';
import { demoMarks } from './social.seed';
import { DEMO_USERS } from './users.data';
import { DEMO_WORKS } from './works.data';

const handles = new Set(DEMO_USERS.map((u) => u.handle));
const langOf = new Map(DEMO_USERS.map((u) => [u.handle, u.lang]));
const authorOf = new Map(DEMO_WORKS.map((w) => [w.key, w.author]));

describe('demo comments and follows (social.data)', () => {
  it('name demo makers and works only; nobody follows themself', () => {
    for (const [follower, followees] of Object.entries(DEMO_FOLLOWS)) {
      expect(handles.has(follower)).toBe(true);
      for (const followee of followees) {
        expect(handles.has(followee)).toBe(true);
        expect(followee).not.toBe(follower);
      }
      expect(new Set(followees).size).toBe(followees.length);
    }
    for (const key of Object.keys(DEMO_WORK_COMMENTS)) expect(authorOf.has(key)).toBe(true);
  });

  it('replies answer an earlier comment; every comment is in its author’s language', () => {
    for (const list of Object.values(DEMO_WORK_COMMENTS)) {
      list.forEach((comment, i) => {
        expect(handles.has(comment.author)).toBe(true);
        if (comment.replyTo !== undefined) expect(comment.replyTo).toBeLessThan(i);
        expect(/[\u4e00-\u9fff]/.test(comment.text)).toBe(langOf.get(comment.author) === 'zh');
        expect(comment.text.length).toBeLessThanOrEqual(1000);
      });
    }
  });

  it('draws likes and favourites that never include the author, the same on every run', () => {
    for (const work of DEMO_WORKS) {
      const marks = demoMarks(work.key, work.author);
      expect(marks).toEqual(demoMarks(work.key, work.author));
      expect(marks.likes).not.toContain(work.author);
      expect(marks.likes.length).toBeGreaterThan(0);
      for (const handle of marks.favors) expect(marks.likes).toContain(handle);
    }
  });
});
