export type TTarget = {
  name: string;
  path: string;
  /** Issue 5: feed (and category) pages at least 1000 req/s, p99 under 50 ms; search p99 under 150 ms. */
  goal?: { minRps?: number; maxP99: number };
};

type TList = { data: { id: number }[]; total: number };
type TCategory = { id: number; name: string };
type TCategories = { data: (TCategory & { Children: TCategory[] })[] };

async function get<T>(base: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

const FEED_GOAL = { minRps: 1000, maxP99: 50 };
const SEARCH_GOAL = { maxP99: 150 };
/** Ours: issue 5 sets no goal for deep pages; they should answer about as fast as a first page. */
const DEEP_GOAL = { maxP99: 50 };

/**
 * What issue 5 asks to measure, found in the running app: the feed's first
 * page and a page half-way down, the largest parent category (its whole
 * subtree) and its first child (SPEC 4: a parent click selects its first
 * child, so child pages are the common case), searches in Chinese and
 * English (and a misspelt one), one work's detail.
 */
export async function discoverTargets(base: string): Promise<TTarget[]> {
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
  const search = (text: string) => `/api/v1/works/home?query=${encodeURIComponent(text)}`;
  return [
    { name: 'feed page 1', path: '/api/v1/works/home', goal: FEED_GOAL },
    { name: `feed page ${deepPage}`, path: `/api/v1/works/home?page=${deepPage}`, goal: DEEP_GOAL },
    {
      name: `category ${biggest.name} (${biggest.total})`,
      path: `/api/v1/works/home?category=${biggest.id}`,
      goal: FEED_GOAL,
    },
    {
      name: `category ${child.name} (${childTotal})`,
      path: `/api/v1/works/home?category=${child.id}`,
      goal: FEED_GOAL,
    },
    { name: 'search zh 小猫', path: search('小猫'), goal: SEARCH_GOAL },
    { name: 'search en keychain', path: search('keychain'), goal: SEARCH_GOAL },
    { name: 'search en keychian (typo)', path: search('keychian'), goal: SEARCH_GOAL },
    { name: 'work detail', path: `/api/v1/works/${detailId}` },
  ];
}
