import type { TCatalog } from '../en';

export const common: TCatalog['common'] = {
  beta: 'Beta',
  cancel: '取消',
  retry: '重试',
  imageLoadFailed: '加载失败',
  backHome: '返回首页',
  close: '关闭',
  showPassword: '显示密码',
  hidePassword: '隐藏密码',
};
