import {
  HOME_ANSWER_REQUESTS,
  HOME_ANSWERS_ELEMENT_ID,
  HOME_ANSWERS_MAX_AGE_MS,
  homeAnswerKey,
  homeAnswerUrl,
  LIMITS,
  type THomeAnswers,
} from '@layerline/contract';
import { describe, expect, it, vi } from 'vitest';
import { createHomeAnswerStore, readHomeAnswers } from './home-answers';
import { envelope, setup } from './test-fakes';

const FEED = homeAnswerUrl(HOME_ANSWER_REQUESTS[4]);
const CATEGORIES = homeAnswerUrl(HOME_ANSWER_REQUESTS[3]);

const feedAnswer = { code: 200, msg: 'Success', data: [{ id: 7 }], total: 1 };
const categoriesAnswer = { code: 200, msg: 'Success', data: [{ id: 1, name: 'Tools' }] };

const found = (locale = 'en'): THomeAnswers => ({
  locale,
  answers: {
    [homeAnswerKey(FEED)]: feedAnswer,
    [homeAnswerKey(CATEGORIES)]: categoriesAnswer,
  },
});

const guest = { locale: 'en', isGuest: true };

describe('the home answers the page brought (HOME_ANSWER_REQUESTS)', () => {
  it('gives each answer once, whatever the order of its query', () => {
    const store = createHomeAnswerStore(found(), () => 0, HOME_ANSWERS_MAX_AGE_MS);
    expect(store.take('/api/v1/works/home?pageSize=50&page=1', guest)).toEqual(feedAnswer);
    expect(store.take(FEED, guest)).toBeUndefined();
    expect(store.take('/api/v1/works/home?page=2&pageSize=50', guest)).toBeUndefined();
  });

  it("keeps them from another language, and the feed's from a signed-in user", () => {
    const store = createHomeAnswerStore(found('zh'), () => 0, HOME_ANSWERS_MAX_AGE_MS);
    expect(store.take(CATEGORIES, guest)).toBeUndefined();
    expect(store.take(FEED, { locale: 'zh', isGuest: false })).toBeUndefined();
    // Categories are the same for everyone.
    expect(store.take(CATEGORIES, { locale: 'zh', isGuest: false })).toEqual(categoriesAnswer);
    expect(store.take(FEED, { locale: 'zh', isGuest: true })).toEqual(feedAnswer);
  });

  it("gives a work's detail under /work/{id} to a visitor only: it holds the reader's flags (ADR 0058)", () => {
    const detail = '/api/v1/works/26';
    const detailAnswer = { code: 200, msg: 'Success', data: { id: 26, is_like: false } };
    const page = { locale: 'en', answers: { [detail]: detailAnswer } };
    const signedIn = createHomeAnswerStore(page, () => 0, HOME_ANSWERS_MAX_AGE_MS);
    expect(signedIn.take(detail, { locale: 'en', isGuest: false })).toBeUndefined();
    const visitor = createHomeAnswerStore(page, () => 0, HOME_ANSWERS_MAX_AGE_MS);
    expect(visitor.take(detail, guest)).toEqual(detailAnswer);
    expect(visitor.take(detail, guest)).toBeUndefined();
  });

  it('gives none once they are older than HOME_ANSWERS_MAX_AGE_MS', () => {
    let now = 0;
    const store = createHomeAnswerStore(found(), () => now, HOME_ANSWERS_MAX_AGE_MS);
    now = HOME_ANSWERS_MAX_AGE_MS + 1;
    expect(store.take(FEED, guest)).toBeUndefined();
    now = 0;
    expect(store.take(CATEGORIES, guest)).toBeUndefined();
  });

  it('reads the element once and removes it; a broken one gives nothing', () => {
    const doc = document.implementation.createHTMLDocument('home');
    const element = doc.createElement('script');
    element.type = 'application/json';
    element.id = HOME_ANSWERS_ELEMENT_ID;
    // As the server writes it: '<' escaped inside the JSON.
    element.textContent = JSON.stringify(found()).replace(/</g, '\\u003c');
    doc.body.append(element);
    expect(readHomeAnswers(doc)).toEqual(found());
    expect(doc.getElementById(HOME_ANSWERS_ELEMENT_ID)).toBeNull();
    expect(readHomeAnswers(doc)).toBeUndefined();

    const broken = doc.createElement('script');
    broken.id = HOME_ANSWERS_ELEMENT_ID;
    broken.textContent = '{"locale":';
    doc.body.append(broken);
    expect(readHomeAnswers(doc)).toBeUndefined();
  });
});

describe('a GET the page already answered', () => {
  it("is answered without the network, once; keeping the answer is the caller's", async () => {
    vi.useFakeTimers();
    const homeAnswers = createHomeAnswerStore(found(), () => 0, HOME_ANSWERS_MAX_AGE_MS);
    const { client, calls } = setup(() => envelope([{ id: 9 }]), {
      getToken: () => null,
      homeAnswers,
    });
    const path = HOME_ANSWER_REQUESTS[3].path;
    expect(await client.get(path)).toEqual(categoriesAnswer);
    const feed = HOME_ANSWER_REQUESTS[4];
    expect(await client.get(feed.path, { query: feed.query })).toEqual(feedAnswer);
    expect(calls).toHaveLength(0);
    // Past SPEC 7's de-duplication window: the server answers from now on.
    await vi.advanceTimersByTimeAsync(LIMITS.dedupMs);
    await client.get(path);
    await client.get(feed.path, { query: feed.query });
    expect(calls.map((call) => call.url)).toEqual([path, FEED]);
    vi.useRealTimers();
  });

  it("goes to the network for a signed-in user's feed", async () => {
    const homeAnswers = createHomeAnswerStore(found(), () => 0, HOME_ANSWERS_MAX_AGE_MS);
    const { client, calls } = setup(() => envelope([{ id: 9 }]), { homeAnswers });
    const feed = HOME_ANSWER_REQUESTS[4];
    const answer = await client.get(feed.path, { query: feed.query });
    expect(answer.data).toEqual([{ id: 9 }]);
    expect(calls).toHaveLength(1);
  });
});

describe('peek: the answer a GET has at once, for a first render', () => {
  it('takes the answer the page brought, once; nothing without one', async () => {
    const homeAnswers = createHomeAnswerStore(found(), () => 0, HOME_ANSWERS_MAX_AGE_MS);
    const { client, calls } = setup(() => envelope([{ id: 9 }]), {
      getToken: () => null,
      homeAnswers,
    });
    const categories = HOME_ANSWER_REQUESTS[3].path;
    expect(client.peek(categories)).toEqual(categoriesAnswer);
    // Taken once from the page: TanStack Query's initialData keeps it (ADR 0049).
    expect(client.peek(categories)).toBeUndefined();
    const feed = HOME_ANSWER_REQUESTS[4];
    expect(client.peek(feed.path, { query: feed.query })).toEqual(feedAnswer);
    expect(client.peek(feed.path, { query: feed.query })).toBeUndefined();
    // An answer the page did not bring is not at hand; peeking never sends.
    expect(client.peek('/api/v1/banner/list', { query: { type: 1 } })).toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it("has nothing for a signed-in user's feed", () => {
    const homeAnswers = createHomeAnswerStore(found(), () => 0, HOME_ANSWERS_MAX_AGE_MS);
    const { client } = setup(() => envelope([{ id: 9 }]), { homeAnswers });
    const feed = HOME_ANSWER_REQUESTS[4];
    expect(client.peek(feed.path, { query: feed.query })).toBeUndefined();
  });
});
