import { EARLY_PAGES } from '../src/http/response-cache';
import { EN_ADJECTIVES, EN_NOUNS } from './dataset.words';

export type TGoal = {
  minRps?: number;
  maxP99?: number;
  /** At least this share of the bare node:http server's req/s in the same run. */
  minRawShare?: number;
};

export type TTarget = {
  name: string;
  path: string;
  /** A different path for every request (searches the caches have not seen). */
  paths?: () => string;
  /**
   * Measured over this many requests (after `warmup` more) instead of for a
   * duration: with `paths`, every run then measures the same texts, whatever
   * the machine's speed (a faster run would otherwise reach later texts).
   */
  amount?: { warmup: number; measured: number };
  /** Sent with every request, e.g. a signed-in reader's authorization. */
  signedIn?: boolean;
  goal?: TGoal;
};

type TList = { data: { id: number }[]; total: number };
type TCategory = { id: number; name: string };
type TCategories = { data: (TCategory & { Children: TCategory[] })[] };

async function get<T>(base: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * The table (ADR 0018): anonymous first pages at least 6,000 req/s,
 * a quarter of the bare server, p99 5 ms; a detail 3,000 req/s; a repeated
 * search 1,000 req/s; a search never seen before p99 40 ms.
 */
const FIRST_PAGE_GOAL: TGoal = { minRps: 6000, maxP99: 5, minRawShare: 0.25 };
const DETAIL_GOAL: TGoal = { minRps: 3000 };
const REPEATED_SEARCH_GOAL: TGoal = { minRps: 1000 };
const NEW_SEARCH_GOAL: TGoal = { maxP99: 40 };
/** Deep pages (the feed's half-way page, a category's beyond the kept ones). */
const DEEP_GOAL: TGoal = { minRps: 2000, maxP99: 15 };
/** A signed-in reader's page: a good third of the bare server, p99 8 ms. */
const SIGNED_IN_GOAL: TGoal = { maxP99: 8, minRawShare: 0.35 };

/** Searches of two or three data-set words, each sent once: every one misses the caches. */
function newSearches(): () => string {
  const words = [...EN_ADJECTIVES, ...EN_NOUNS].map((word) => word.toLowerCase());
  let n = 0;
  return () => {
    n += 1;
    const a = words[n % words.length] ?? '';
    const b = words[Math.floor(n / words.length) % words.length] ?? '';
    const c = words[Math.floor(n / words.length ** 2) % words.length] ?? '';
    const text = n < words.length ** 2 ? `${a} ${b}` : `${a} ${b} ${c}`;
    return `/api/v1/works/home?query=${encodeURIComponent(text)}`;
  };
}

/**
 * Deep feed pages none asked before (ADR 0064): every request another page
 * number or page size, past the pages kept whole, so each is read from the
 * kept order and never from a kept answer.
 */
function unseenDeepPages(): () => string {
  let n = 0;
  return () => {
    n += 1;
    const page = EARLY_PAGES + 1 + (n % 1900);
    const pageSize = 20 + (Math.floor(n / 1900) % 30);
    return `/api/v1/works/home?page=${page}&pageSize=${pageSize}`;
  };
}

/**
 * What issue 5 asks to measure, found in the running app: the feed's first
 * page and a page half-way down, the largest parent category (its whole
 * subtree) and its first child (SPEC 4: a parent click selects its first
 * child, so child pages are the common case), searches in Chinese and
 * English (and a misspelt one), one work's detail.
 */
export async function discoverTargets(
  base: string,
  newTexts: NonNullable<TTarget['amount']>,
): Promise<TTarget[]> {
  const feed = await get<TList>(base, '/api/v1/works/home');
  const deepPage = Math.max(2, Math.floor(Math.ceil(feed.total / 50) / 2));
  const totalOf = async (id: number) =>
    (await get<TList>(base, `/api/v1/works/home?category=${id}&pageSize=1`)).total;
  const categories = await get<TCategories>(base, '/api/v1/categroy/all');
  let biggest = { id: 0, name: '', total: -1, children: [] as TCategory[] };
  for (const parent of categories.data.filter((category) => category.Children.length > 0)) {
    const total = await totalOf(parent.id);
    if (total > biggest.total) biggest = { ...parent, total, children: parent.Children };
  }
  const child = biggest.children[0] ?? biggest;
  const childTotal = await totalOf(child.id);
  const detailId = feed.data[Math.floor(feed.data.length / 2)]?.id ?? 1;
  // Half-way down the largest category: far beyond the first pages kept (ADR 0018).
  const categoryDeepPage = Math.max(EARLY_PAGES + 1, Math.floor(Math.ceil(biggest.total / 50) / 2));
  const search = (text: string) => `/api/v1/works/home?query=${encodeURIComponent(text)}`;
  return [
    { name: 'feed page 1', path: '/api/v1/works/home', goal: FIRST_PAGE_GOAL },
    {
      name: 'feed page 1, signed in (own likes)',
      path: '/api/v1/works/home',
      signedIn: true,
      goal: SIGNED_IN_GOAL,
    },
    { name: `feed page ${deepPage}`, path: `/api/v1/works/home?page=${deepPage}`, goal: DEEP_GOAL },
    {
      name: 'feed deep pages, another each request',
      path: `/api/v1/works/home?page=${deepPage}`,
      paths: unseenDeepPages(),
    },
    {
      name: `category ${biggest.name} (${biggest.total})`,
      path: `/api/v1/works/home?category=${biggest.id}`,
      goal: FIRST_PAGE_GOAL,
    },
    {
      name: `category ${biggest.name} page ${categoryDeepPage}`,
      path: `/api/v1/works/home?category=${biggest.id}&page=${categoryDeepPage}`,
      goal: DEEP_GOAL,
    },
    {
      name: `category ${child.name} (${childTotal})`,
      path: `/api/v1/works/home?category=${child.id}`,
      goal: FIRST_PAGE_GOAL,
    },
    { name: 'search zh 小猫 (repeated)', path: search('小猫'), goal: REPEATED_SEARCH_GOAL },
    { name: 'search en keychain (repeated)', path: search('keychain'), goal: REPEATED_SEARCH_GOAL },
    {
      name: 'search en keychian (typo, repeated)',
      path: search('keychian'),
      goal: REPEATED_SEARCH_GOAL,
    },
    {
      name: 'search, new text each request',
      path: search('cute keychain'),
      paths: newSearches(),
      amount: newTexts,
      goal: NEW_SEARCH_GOAL,
    },
    { name: 'work detail', path: `/api/v1/works/${detailId}`, goal: DETAIL_GOAL },
    {
      name: 'work detail, signed in',
      path: `/api/v1/works/${detailId}`,
      signedIn: true,
      goal: SIGNED_IN_GOAL,
    },
    { name: 'categories', path: '/api/v1/categroy/all' },
  ];
}

/**
 * The signed-in rows' reader likes some of what they read, as an active
 * maker does: cards 1, 4 and 7 of the feed's first page and the detail's
 * work. Their pages then carry their own flags, never the visitor's bytes
 * (ADR 0034, 0065).
 */
export async function likeAsReader(
  base: string,
  authorization: string,
  targets: readonly TTarget[],
): Promise<void> {
  const feed = await get<TList>(base, '/api/v1/works/home');
  const details = targets
    .filter((target) => target.signedIn && /^\/api\/v1\/works\/\d+$/.test(target.path))
    .map((target) => Number(target.path.split('/').pop()));
  const cards = feed.data.filter((_, i) => i % 3 === 0 && i < 8).map((card) => card.id);
  for (const id of [...cards, ...details]) {
    const res = await fetch(`${base}/api/v1/works/like/${id}`, {
      method: 'PUT',
      headers: { authorization },
    });
    if (!res.ok) throw new Error(`like ${id}: ${res.status}`);
  }
}
