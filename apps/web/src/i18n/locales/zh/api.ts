import type { api as en } from '../en/api';

/** Chinese transport and error messages of the API client (SPEC 8). */
export const api: Record<keyof typeof en, string> = {
  networkError: '后端接口连接异常',
  timeout: '系统接口请求超时',
  statusError: '系统接口{{status}}异常',
  operationFailed: '操作失败，请重试',
  sessionExpired: '您的登录已过期，请重新登录',
  sessionExpiredTitle: '登录已过期',
  forbidden: '您没有该操作的权限',
  cors: '跨域请求被拦截，接口不允许本站访问',
  sensitiveWords: '内容包含敏感词：{{words}}',
  sensitiveContent: '内容包含敏感词',
  notFound: '请求的资源不存在。',
  cancelled: '请求已取消',
};
