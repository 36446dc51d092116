import { MESSAGES } from '@layerline/contract';
import type { TCatalog } from '../en';
import { pick, SERVER_ERROR_KEYS } from '../server-messages';

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
  toEditProfile: '编辑个人资料',
  legalNotice: '使用 {{product}} 即表示你接受以下条款：',
  loadingPanel: '正在加载表单',
  fields: {
    email: '邮箱',
    emailPlaceholder: 'you@example.com',
    password: '密码',
    newPassword: '新密码',
    confirmPassword: '确认密码',
    oldPassword: '当前密码',
    passwordPlaceholder: '8 到 20 个字符',
    confirmPlaceholder: '请再次输入密码',
    captcha: '验证码',
    captchaPlaceholder: '请输入图中算式的结果',
    emailCode: '邮箱验证码',
    emailCodePlaceholder: '邮件中的 6 位数字',
    remember: '记住我',
  },
  captcha: {
    refresh: '验证码图片，点击刷新',
    loading: '正在加载验证码',
    retry: '重新加载验证码',
  },
  code: {
    get: '获取验证码',
    countdown: '{{seconds}} 秒',
    reget: '重新获取',
    sent: '验证码已发送至 {{email}}。',
  },
  agreement: {
    prefix: '我已阅读并同意',
    and: '和',
    confirmTitle: '请先同意协议',
    confirmOk: '同意并继续',
  },
  submit: {
    login: '登录',
    register: '注册',
    forgotPassword: '重置密码',
    setPassword: '修改密码',
  },
  success: {
    login: '登录成功，欢迎回来！',
    register: '账号已创建，欢迎加入！',
    reset: '密码已重置，请使用新密码登录。',
    changed: '密码已修改，请重新登录。',
  },
  errors: {
    // SPEC 5/8 texts the server also sends: one source, the contract.
    ...pick(MESSAGES.zh, SERVER_ERROR_KEYS),
    passwordRequired: '请输入密码',
    oldPasswordRequired: '请输入当前密码',
    passwordLength: '密码长度为 8 到 20 个字符',
    passwordBlank: '密码不能全为空格',
    passwordTooCommon: '该密码过于常见，请换一个',
    confirmRequired: '请再次输入密码',
    captchaRequired: '请输入验证码',
    emailCodeRequired: '请输入邮箱验证码',
    agreementRequired: '请阅读并同意用户协议和隐私政策',
    invalid: '请检查此项',
  },
};
