import type { TCatalog } from '../en';

export const feed: TCatalog['feed'] = {
  searchResults_one: '找到 {{count}} 个与“{{query}}”相关的作品',
  searchResults_other: '找到 {{count}} 个与“{{query}}”相关的作品',
  loadingMore: '正在加载更多作品…',
  noMore: '已经到底了，没有更多作品。',
  empty: '这里还没有作品。',
  emptySearch: '没有与“{{query}}”匹配的作品，换个关键词试试。',
  retry: '重试',
  searchModes: {
    label: '搜索结果',
    works: '作品',
    posts: '动态',
  },
  postResults_one: '找到 {{count}} 条与“{{query}}”相关的动态',
  postResults_other: '找到 {{count}} 条与“{{query}}”相关的动态',
  emptyPostSearch: '没有与“{{query}}”匹配的动态，换个关键词试试。',
  sortLabel: '作品排序',
  sort: {
    relevance: '最相关',
    newest: '最新',
    likes: '最多点赞',
    downloads: '最多下载',
  },
  errors: {
    notFound: '请求的资源不存在。',
    network: '网络连接失败，请检查网络设置。',
    failed: '获取数据失败，请重试。',
    blocked: '请求失败次数过多，请稍后重试或刷新页面。',
  },
};
