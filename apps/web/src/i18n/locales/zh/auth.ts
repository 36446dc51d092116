import type { TCatalog } from '../en';

export const auth: TCatalog['auth'] = {
  panels: {
    login: '登录',
    register: '注册',
    forgotPassword: '找回密码',
    setPassword: '修改密码',
  },
  welcome: '欢迎来到 {{product}}',
  benefitsIntro: '注册免费账号后，你可以：',
  toRegister: '还没有账号？立即注册',
  toLogin: '已有账号？去登录',
  toForgotPassword: '忘记密码？',
  legalNotice: '使用 {{product}} 即表示你接受以下条款：',
};
