import {
  type TComment,
  type TCreatePostCommentInput,
  type TNotification,
  ZCreateCommentResponse,
  ZNotificationListResponse,
} from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { posts } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import type { TTestApp } from '../../test/test-app';

/**
 * The calls the post-comment tests (post-comments*.routes.test.ts) make:
 * comments on community posts (ADR 0013) on the /api/v1/community/comment/
 * paths, as a signed-in user or a visitor, in English or Chinese.
 */

/** Per user and minute in these tests; only 'Chatty' reaches it. */
export const COMMENT_LIMIT = 30;

export type TWho = { id: number; name: string; headers: { authorization: string } };
export type TLang = 'en' | 'zh';

const language = (lang: TLang) => ({ 'content-language': lang });

/** The calls on the test app `app()` returns (it is made in the test file's beforeAll). */
export function postCommentCalls(app: () => TTestApp) {
  async function who(name: string, role?: 'moderator'): Promise<TWho> {
    const t = app();
    const user = await createUser(t.db, { nickname: name, ...(role ? { role } : {}) });
    return { id: user.id, name, headers: (await signIn(t, user.id, { role })).headers };
  }

  const put = (as: TWho | null, payload: Partial<TCreatePostCommentInput>, lang: TLang = 'en') =>
    app().app.inject({
      method: 'POST',
      url: '/api/v1/community/comment/put_comment',
      headers: { ...(as?.headers ?? {}), ...language(lang) },
      payload,
    });

  async function comment(as: TWho, payload: Partial<TCreatePostCommentInput>): Promise<TComment> {
    const reply = await put(as, payload);
    expect(reply.statusCode, reply.body).toBe(200);
    return ZCreateCommentResponse.parse(reply.json()).data;
  }

  const get = (url: string, as?: TWho | null, lang: TLang = 'en') =>
    app().app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { ...(as?.headers ?? {}), ...language(lang) },
    });

  const del = (id: number, as: TWho, lang: TLang = 'en', base = '/community/comment') =>
    app().app.inject({
      method: 'DELETE',
      url: `/api/v1${base}/delete/${id}`,
      headers: { ...as.headers, ...language(lang) },
    });

  const withsub = (postId: number, as?: TWho | null, query = '', lang: TLang = 'en') =>
    get(`/community/comment/post/withsub/${postId}${query}`, as, lang);

  /** The post's stored comment counter. */
  async function postCommentCount(postId: number) {
    const { db } = app();
    const [row] = await db
      .select({ count: posts.commentCount })
      .from(posts)
      .where(eq(posts.id, postId));
    return row?.count;
  }

  /** The caller's comment notifications, newest first. */
  async function commentList(as: TWho): Promise<TNotification[]> {
    const reply = await get('/comment/belist?pageSize=100', as);
    expect(reply.statusCode, reply.body).toBe(200);
    return ZNotificationListResponse.parse(reply.json()).data;
  }

  return { who, put, comment, get, del, withsub, postCommentCount, commentList };
}
