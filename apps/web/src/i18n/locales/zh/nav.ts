import type { TCatalog } from '../en';

export const nav: TCatalog['nav'] = {
  mainNavigation: '主导航',
  discover: '发现',
  community: '模型圈',
  aiCreate: 'AI 创作',
  publish: '发布',
  inform: '消息',
  mine: '我的',
  login: '登录 / 注册',
  headerLogin: '登录',
  benefitsTitle: '注册 {{product}}，解锁更多功能',
  benefits: {
    content: '发布并管理你的作品内容',
    scan: '扫码收藏喜欢的设计',
    share: '与社区分享你的作品',
  },
  more: '更多',
  userAgreement: '用户协议',
  privacyPolicy: '隐私政策',
  loginNow: '立即登录',
  accountManage: '账号管理',
  logout: '退出登录',
  logoutConfirmTitle: '确定退出 {{product}} 吗？',
  logoutConfirmBody: '退出后，发布、评论和下载需要重新登录。',
  logoutSuccess: '已退出登录。',
};
