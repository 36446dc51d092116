import type { TCatalog } from '../en';

export const home: TCatalog['home'] = {
  feedLabel: '发现推荐',
  carousel: '精选推荐',
  banners: '热门活动',
  collections: '精选合集',
  categories: '分类',
  allCategories: '全部',
  works: '作品',
  loading: '正在加载推荐内容…',
};
