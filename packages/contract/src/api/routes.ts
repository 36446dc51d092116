/**
 * Every API endpoint's method and path (SPEC 7, and ours where SPEC 7 is
 * silent), once, named `domain.action`. The server registers its routes from
 * this table with the request and response schemas of `./endpoints`; the web
 * builds its calls from it. This module holds no schemas, so the web's first
 * load can use it without zod (ADR 0021).
 */
export const API_PREFIX = '/api/v1';

export type TApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TApiRoute {
  readonly method: TApiMethod;
  /** Below API_PREFIX; `:name` marks a path parameter. */
  readonly path: string;
}

export const API_ROUTES = {
  // catalog
  'catalog.categories': { method: 'GET', path: '/categroy/all' },
  'catalog.machineGroups': { method: 'GET', path: '/machine/machine_group' },
  'catalog.materials': { method: 'GET', path: '/material/list' },
  // banners
  'banners.list': { method: 'GET', path: '/banner/list' },
  // collections
  'collections.list': { method: 'GET', path: '/collection/getAllCollection' },
  'collections.info': { method: 'GET', path: '/collection/getCollectionInfo/:id' },
  'collections.works': { method: 'GET', path: '/collection/getWorks/:id' },
  // auth
  'auth.captcha': { method: 'GET', path: '/user/captcha' },
  'auth.login': { method: 'POST', path: '/user/login' },
  'auth.refresh': { method: 'POST', path: '/user/refresh_token' },
  'auth.logout': { method: 'GET', path: '/user/logout' },
  'auth.registerCode': { method: 'GET', path: '/user/register/email/:email' },
  'auth.register': { method: 'POST', path: '/user/register' },
  'auth.resetCode': { method: 'POST', path: '/user/emailCaptcha' },
  'auth.resetPassword': { method: 'PUT', path: '/user/updatePwdByEmail' },
  'auth.changePassword': { method: 'PUT', path: '/user/updatePwd' },
  'auth.streamTicket': { method: 'POST', path: '/user/stream_ticket' },
  // users
  'users.info': { method: 'GET', path: '/user/getinfo' },
  'users.update': { method: 'PUT', path: '/user/updateInfo' },
  'users.profile': { method: 'GET', path: '/user/profile/:id' },
  // points
  'points.summary': { method: 'GET', path: '/points' },
  'points.ledger': { method: 'GET', path: '/points/ledger' },
  'points.tasks': { method: 'GET', path: '/points/tasks' },
  'points.signin': { method: 'POST', path: '/points/tasks/signin' },
  // ai
  'ai.features': { method: 'GET', path: '/ai/features' },
  'ai.create': { method: 'POST', path: '/ai/jobs' },
  'ai.list': { method: 'GET', path: '/ai/jobs' },
  'ai.get': { method: 'GET', path: '/ai/jobs/:id' },
  'ai.events': { method: 'GET', path: '/ai/jobs/:id/events' },
  'ai.cancel': { method: 'POST', path: '/ai/jobs/:id/cancel' },
  'ai.delete': { method: 'DELETE', path: '/ai/jobs/:id' },
  // files
  'files.upload': { method: 'POST', path: '/resource/upload' },
  'files.uploadAlias': { method: 'POST', path: '/upload_resource' },
  'files.batchUpload': { method: 'POST', path: '/batch_upload' },
  // feed
  'feed.home': { method: 'GET', path: '/works/home' },
  // search
  'search.history': { method: 'GET', path: '/works/search_record' },
  'search.deleteHistory': { method: 'DELETE', path: '/works/delete_search_record' },
  'search.hot': { method: 'GET', path: '/works/search/hot' },
  'search.guess': { method: 'GET', path: '/works/search/guess' },
  // works
  'works.create': { method: 'POST', path: '/works/create' },
  'works.update': { method: 'PUT', path: '/works/update' },
  'works.list': { method: 'GET', path: '/works' },
  'works.detail': { method: 'GET', path: '/works/:id' },
  'works.delete': { method: 'DELETE', path: '/works/:id' },
  'works.author': { method: 'GET', path: '/works/author/:id' },
  'works.authorWorks': { method: 'GET', path: '/works/author/all/:id' },
  'works.download': { method: 'GET', path: '/works/download/:id' },
  'works.appeal': { method: 'POST', path: '/work/appeal/submit' },
  // moderation
  'moderation.works': { method: 'GET', path: '/moderation/works' },
  'moderation.approve': { method: 'POST', path: '/moderation/works/:id/approve' },
  'moderation.reject': { method: 'POST', path: '/moderation/works/:id/reject' },
  'moderation.report': { method: 'POST', path: '/report' },
  // admin
  'admin.users': { method: 'GET', path: '/admin/users' },
  'admin.user': { method: 'GET', path: '/admin/users/:id' },
  'admin.setRole': { method: 'PUT', path: '/admin/users/:id/role' },
  'admin.suspend': { method: 'POST', path: '/admin/users/:id/suspend' },
  'admin.unsuspend': { method: 'POST', path: '/admin/users/:id/unsuspend' },
  'admin.reports': { method: 'GET', path: '/admin/reports' },
  'admin.resolveReport': { method: 'PUT', path: '/admin/reports/:id' },
  'admin.audit': { method: 'GET', path: '/admin/audit' },
  'admin.summary': { method: 'GET', path: '/admin/summary' },
  'admin.feedback': { method: 'GET', path: '/admin/feedback' },
  'admin.setFeedbackStatus': { method: 'PUT', path: '/admin/feedback/:id' },
  'admin.appeals': { method: 'GET', path: '/admin/appeals' },
  'admin.sensitiveWords': { method: 'GET', path: '/admin/sensitive-words' },
  'admin.setSensitiveWords': { method: 'PUT', path: '/admin/sensitive-words' },
  'admin.posts': { method: 'GET', path: '/admin/posts' },
  'admin.deletePost': { method: 'DELETE', path: '/admin/posts/:id' },
  'admin.comments': { method: 'GET', path: '/admin/comments' },
  'admin.deleteComment': { method: 'DELETE', path: '/admin/comments/:id' },
  'admin.aiProviders': { method: 'GET', path: '/admin/ai-providers' },
  'admin.checkAiProvider': { method: 'POST', path: '/admin/ai-providers/:id/check' },
  // social
  'social.like': { method: 'PUT', path: '/works/like/:id' },
  'social.unlike': { method: 'DELETE', path: '/works/like/:id' },
  'social.liked': { method: 'GET', path: '/works/like' },
  'social.favor': { method: 'POST', path: '/favor/:id' },
  'social.unfavor': { method: 'DELETE', path: '/favor/:id' },
  'social.favored': { method: 'GET', path: '/favor/:uid' },
  'social.follow': { method: 'POST', path: '/follow/user/:id' },
  'social.unfollow': { method: 'DELETE', path: '/follow/user/:id' },
  // comments
  'comments.put': { method: 'POST', path: '/comment/put_comment' },
  'comments.list': { method: 'GET', path: '/comment/work/withsub/:workId' },
  'comments.replies': { method: 'GET', path: '/comment/work/sub/:commentId' },
  'comments.delete': { method: 'DELETE', path: '/comment/delete/:id' },
  // community
  'community.create': { method: 'POST', path: '/community/post' },
  'community.get': { method: 'GET', path: '/community/post/:postId' },
  'community.update': { method: 'PUT', path: '/community/post/:postId' },
  'community.delete': { method: 'DELETE', path: '/community/post/:postId' },
  'community.like': { method: 'PUT', path: '/community/post/:postId/like' },
  'community.unlike': { method: 'DELETE', path: '/community/post/:postId/like' },
  'community.feed': { method: 'GET', path: '/community/feed/:tab' },
  'community.userPosts': { method: 'GET', path: '/community/user/:uid/posts' },
  'community.search': { method: 'GET', path: '/community/search' },
  'community.putComment': { method: 'POST', path: '/community/comment/put_comment' },
  'community.comments': { method: 'GET', path: '/community/comment/post/withsub/:postId' },
  'community.replies': { method: 'GET', path: '/community/comment/sub/:commentId' },
  'community.deleteComment': { method: 'DELETE', path: '/community/comment/delete/:id' },
  // feedback
  'feedback.submit': { method: 'POST', path: '/suggestion/submit' },
  'feedback.upload': { method: 'POST', path: '/suggestion/upload' },
  // notifications
  'notifications.unread': { method: 'GET', path: '/notify/unread' },
  'notifications.read': { method: 'PUT', path: '/notify/read' },
  'notifications.sendSystem': { method: 'POST', path: '/notify/sys_msg' },
  'notifications.system': { method: 'GET', path: '/notify/sys_msg/pull' },
  'notifications.stream': { method: 'GET', path: '/notify/stream' },
  'notifications.likes': { method: 'GET', path: '/works/like/belist' },
  'notifications.favors': { method: 'GET', path: '/favor/belist' },
  'notifications.comments': { method: 'GET', path: '/comment/belist' },
  'notifications.follows': { method: 'GET', path: '/follow/user/belist' },
} as const satisfies Record<string, TApiRoute>;

export type TApiRouteName = keyof typeof API_ROUTES;

/** `'/a/:id/b/:x'` -> `'id' | 'x'`. */
type TPathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | TPathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters a route needs, by name. */
export type TApiPathParams<K extends TApiRouteName> = {
  [N in TPathParamNames<(typeof API_ROUTES)[K]['path']>]: string | number;
};

/**
 * The full path of a route with its parameters filled in (URI-encoded).
 * A missing parameter is a programming error and throws.
 */
export function apiPath<K extends TApiRouteName>(name: K, params?: TApiPathParams<K>): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  const path = API_ROUTES[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined || value === '')
      throw new Error(`${name}: path parameter ${key} is missing`);
    return encodeURIComponent(String(value));
  });
  return `${API_PREFIX}${path}`;
}
