import { expect } from 'vitest';
import { grayRamp } from '../test/engine-images';
import { createPost, createWork } from '../test/factories';
import {
  comment,
  expectOk,
  fixtureFiles,
  post,
  sendForm,
  type TFixtures,
} from './freshness.test-helpers';
import { tag } from './freshness-tags';

/**
 * Freshness fixtures (freshness.routes.test.ts, ADR 0044), second part: how
 * to perform the writes of works, moderation and administration, likes,
 * favourites and follows, comments, community posts, feedback and
 * notifications. They run in this order, after the account writes
 * (freshness-accounts.test-helpers.ts), and some build on earlier ones.
 */
export const CONTENT_FIXTURES = {
  'works.create': {
    perform: async (c) => {
      const { form } = await fixtureFiles(c);
      const answer = await c.call('works.create', c.maker, {
        payload: form({ title: 'Cached work freshly published', categories: [c.categoryId] }),
      });
      c.works.push((answer.json() as { data: { id: number } }).data.id);
      return answer;
    },
  },
  'works.update': {
    perform: async (c) => {
      const { form } = await fixtureFiles(c);
      const id = c.works[0] as number;
      return c.call('works.update', c.maker, {
        payload: { ...form({ title: 'Cached work renamed', categories: [c.categoryId] }), id },
      });
    },
  },
  'works.delete': {
    perform: (c) => c.call('works.delete', c.maker, { params: { id: c.works.pop() as number } }),
  },
  'works.appeal': {
    perform: async (c) => {
      const rejected = await createWork(c.a.db, { userId: c.maker.id, status: 'rejected' });
      return c.call('works.appeal', c.maker, {
        payload: { work_id: rejected.id, appeal_reason: 'Please look again' },
      });
    },
  },
  'moderation.approve': {
    perform: async (c) => {
      const waiting = await createWork(c.a.db, {
        userId: c.maker.id,
        status: 'in_review',
        title: 'Cached work approved',
      });
      c.works.push(waiting.id);
      return c.call('moderation.approve', c.moderator, { params: { id: waiting.id } });
    },
  },
  'moderation.reject': {
    perform: (c) =>
      c.call('moderation.reject', c.moderator, {
        params: { id: c.works.pop() as number },
        payload: { reason: 'Not a work' },
      }),
  },
  'moderation.report': {
    perform: async (c) => {
      const answer = await c.call('moderation.report', c.reader, {
        payload: { kind: 'work', id: c.works[1], reason: 'spam' },
      });
      c.report = (answer.json() as { data?: { id: number } }).data?.id;
      return answer;
    },
  },
  // A change of role (the keyholder is a user until now).
  'admin.setRole': {
    perform: (c) =>
      c.call('admin.setRole', c.admin, {
        params: { id: c.keyholder.id },
        payload: { role: 'moderator' },
      }),
  },
  'admin.suspend': {
    perform: (c) =>
      c.call('admin.suspend', c.admin, { params: { id: c.reader.id }, payload: { reason: 'x' } }),
  },
  'admin.unsuspend': {
    perform: (c) => c.call('admin.unsuspend', c.admin, { params: { id: c.reader.id } }),
  },
  // The reader's report of moderation.report.
  'admin.resolveReport': {
    perform: (c) =>
      c.call('admin.resolveReport', c.admin, {
        params: { id: c.report as number },
        payload: { status: 'dismissed', reason: '' },
      }),
  },
  'admin.setFeedbackStatus': {
    perform: async (c) => {
      const sent = await c.call('feedback.submit', c.reader, {
        payload: { suggestion: 'Please add a dark mode' },
      });
      expectOk(sent);
      return c.call('admin.setFeedbackStatus', c.admin, {
        params: { id: (sent.json() as { data: { id: number } }).data.id },
        payload: { status: 'closed' },
      });
    },
  },
  // A word of every kept work's title: new text is checked against the words, kept text is not.
  'admin.setSensitiveWords': {
    perform: (c) => c.call('admin.setSensitiveWords', c.admin, { payload: { words: ['cached'] } }),
  },
  'admin.deletePost': {
    perform: async (c) => {
      const post = await createPost(c.a.db, { userId: c.reader.id });
      await c.a.app.keptAnswers.drop([tag.posts, tag.post(post.id)]);
      return c.call('admin.deletePost', c.admin, { params: { id: post.id } });
    },
  },
  'admin.deleteComment': {
    perform: async (c) => {
      const id = await comment(c, c.works[1] as number);
      return c.call('admin.deleteComment', c.admin, { params: { id } });
    },
  },
  'admin.checkAiProvider': {
    perform: (c) => c.call('admin.checkAiProvider', c.admin, { params: { id: 'openaiImages' } }),
  },
  'social.like': {
    perform: (c) => c.call('social.like', c.reader, { params: { id: c.works[1] as number } }),
  },
  'social.unlike': {
    perform: (c) => c.call('social.unlike', c.reader, { params: { id: c.works[1] as number } }),
  },
  'social.favor': {
    perform: (c) => c.call('social.favor', c.reader, { params: { id: c.works[1] as number } }),
  },
  'social.unfavor': {
    perform: (c) => c.call('social.unfavor', c.reader, { params: { id: c.works[1] as number } }),
  },
  'social.follow': {
    perform: (c) => c.call('social.follow', c.reader, { params: { id: c.maker.id } }),
  },
  'social.unfollow': {
    perform: (c) => c.call('social.unfollow', c.reader, { params: { id: c.maker.id } }),
  },
  'comments.put': {
    perform: (c) =>
      c.call('comments.put', c.reader, { payload: { work_id: c.works[1], content: 'Nice' } }),
  },
  'comments.delete': {
    perform: async (c) => {
      const id = await comment(c, c.works[1] as number);
      return c.call('comments.delete', c.reader, { params: { id } });
    },
  },
  'community.create': {
    perform: (c) => c.call('community.create', c.reader, { payload: { content: 'Hello' } }),
  },
  'community.update': {
    perform: async (c) => {
      const post = await createPost(c.a.db, { userId: c.reader.id });
      await c.a.app.keptAnswers.drop([tag.posts, tag.post(post.id)]);
      return c.call('community.update', c.reader, {
        params: { postId: post.id },
        payload: { content: 'Edited' },
      });
    },
  },
  'community.delete': {
    perform: async (c) => {
      const post = await createPost(c.a.db, { userId: c.reader.id });
      await c.a.app.keptAnswers.drop([tag.posts, tag.post(post.id)]);
      return c.call('community.delete', c.reader, { params: { postId: post.id } });
    },
  },
  'community.like': {
    perform: async (c) => c.call('community.like', c.maker, { params: { postId: await post(c) } }),
  },
  'community.unlike': {
    perform: async (c) =>
      c.call('community.unlike', c.maker, { params: { postId: await post(c) } }),
  },
  'community.putComment': {
    perform: async (c) =>
      c.call('community.putComment', c.maker, {
        payload: { post_id: await post(c), content: 'Reply' },
      }),
  },
  'community.deleteComment': {
    perform: async (c) => {
      const answer = await c.call('community.putComment', c.maker, {
        payload: { post_id: await post(c), content: 'To go' },
      });
      const { data } = answer.json() as { data: { ID?: number; id?: number } };
      return c.call('community.deleteComment', c.maker, {
        params: { id: data.ID ?? data.id ?? 0 },
      });
    },
  },
  'feedback.submit': {
    perform: (c) =>
      c.call('feedback.submit', c.reader, {
        payload: { suggestion: 'The pages load fast', contact: '', picture: [] },
      }),
  },
  'feedback.upload': {
    perform: async (c) =>
      sendForm(c, 'feedback.upload', {}, [
        { data: await grayRamp(24, 16), name: 'bug.png', type: 'image/png' },
      ]),
  },
  // The reader's likes, follows and comments above left the maker unread notifications.
  'notifications.read': {
    perform: async (c) => {
      const unread = await c.call('notifications.unread', c.maker);
      expect(
        (unread.json() as { data: { total: number } }).data.total,
        unread.body,
      ).toBeGreaterThan(0);
      return c.call('notifications.read', c.maker, { payload: {} });
    },
  },
  'notifications.sendSystem': {
    perform: (c) =>
      c.call('notifications.sendSystem', c.admin, {
        payload: { title: 'Maintenance', content: 'Hello all' },
      }),
  },
} satisfies TFixtures;
