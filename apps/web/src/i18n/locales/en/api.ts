/**
 * Transport and error messages of the API client (SPEC 8). The English texts
 * SPEC quotes are kept exactly as written there; `{{name}}` is i18next
 * interpolation.
 */
export const api = {
  networkError: 'Backend interface connection exception',
  timeout: 'System interface request timeout',
  statusError: 'System interface {{status}} exception',
  operationFailed: 'Operation Failed, Please Try Again',
  sessionExpired: 'Your login session has expired. Please log in again',
  sessionExpiredTitle: 'Login has expired',
  forbidden: 'You have no permission for this operation',
  cors: 'Cross-origin request blocked. The interface does not allow access from this site',
  sensitiveWords: 'The content contains sensitive words: {{words}}',
  sensitiveContent: 'The content contains sensitive words',
  notFound: 'The requested resource does not exist.',
  cancelled: 'Request cancelled',
};
