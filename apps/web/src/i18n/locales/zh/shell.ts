import type { TCatalog } from '../en';

export const shell: TCatalog['shell'] = {
  homeLink: '{{product}} 首页：刷新推荐内容',
  searchLabel: '搜索',
  openSearch: '打开搜索',
  closeSearch: '关闭搜索',
  clearSearch: '清除搜索内容',
  searchPlaceholder: '搜索模型、创作者和合集',
  backToTop: '回到顶部',
  narrowTitle: '移动设备暂未完全支持',
  narrowBody:
    '此页面为电脑设计。手机上以单栏显示，仍可正常使用；如需完整布局，请使用电脑，或将窗口宽度调整到至少 {{width}} 像素。',
  narrowDismiss: '关闭此提示',
  navigationFailed: '页面跳转失败，请重试。',
  notFoundTitle: '页面不存在',
  notFoundBody: '你访问的页面不存在或已被移动。',
  suspendedTitle: '您的账号已被停用：{{reason}}',
  suspendedUntil: '至 {{time}} 解除',
  suspendedBody:
    '您仍可登录、浏览、点赞、收藏和关注，但在审核员解除停用前，无法发布或编辑作品、发帖、评论或发起 AI 创作。',
  suspendedDetails: '详情',
  suspendedHide: '收起详情',
  /** 账号停用时，显示在输入框或发布按钮旁。 */
  suspendedComposer: '账号已被停用：{{reason}}',
};
