import type { TCatalog } from '../en';

export const collections: TCatalog['collections'] = {
  kind: '合集',
  untitled: '未命名合集',
  worksCount_one: '{{count}} 个作品',
  worksCount_other: '{{count}} 个作品',
  worksLabel: '合集中的作品',
  empty: '这个合集还没有作品。',
  list: {
    loading: '正在加载作品…',
  },
};
