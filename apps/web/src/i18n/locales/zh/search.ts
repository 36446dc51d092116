import type { TCatalog } from '../en';

export const search: TCatalog['search'] = {
  panelLabel: '搜索建议',
  keyboardHint: '按向下方向键浏览搜索建议，按 Esc 键关闭。',
  loading: '正在加载搜索建议…',
  recent: '最近搜索',
  popular: '热门搜索',
  guess: '猜你想搜',
  manageHistory: '删除搜索历史',
  deleteItem: '删除“{{words}}”',
  clearAll: '全部清除',
  cancelDelete: '取消',
  showAll: '展开全部（{{count}}）',
  showLess: '收起',
  emptyTitle: '暂无搜索建议，试试这些：',
  emptyTags: {
    creativeDesign: '创意设计',
    illustrationArt: '插画艺术',
    uiDesign: 'UI 设计',
    photography: '摄影',
  },
  tooLong: '搜索内容不能超过 100 个字符',
  deleted: '搜索记录已删除',
  cleared: '搜索历史已清空',
  deleteFailed: '搜索历史删除失败，请重试。',
};
