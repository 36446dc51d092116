/** SPEC 9: business constants and limits. One source for server and web. */
export const LOCALES = ['zh', 'en'] as const;
export type TLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: TLocale = 'en';

/**
 * DESIGN 3 roles; each includes the rights of the ones before it. Here, not
 * beside ZRole, so the web's first load reads them without zod.
 */
export const ROLES = ['user', 'moderator', 'admin'] as const;

/** SPEC 3 profile edit: gender values. */
export const GENDERS = ['male', 'female', 'confidential'] as const;

/**
 * SPEC 7 feed sorts and the community's tabs: plain lists here, so a screen
 * that only needs them does not load the schemas (and zod) with them.
 */
export const FEED_SORTS = ['newest', 'likes', 'downloads', 'relevance'] as const;
export const COMMUNITY_TABS = ['recommend', 'square', 'mine'] as const;

export function isLocale(value: unknown): value is TLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Reads a Content-Language / Accept-Language style header into a supported locale. */
export function pickLocale(header: string | undefined | null): TLocale {
  if (!header) return DEFAULT_LOCALE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const prefix = tag.split('-')[0] ?? '';
    if (isLocale(prefix)) return prefix;
  }
  return DEFAULT_LOCALE;
}

export const LIMITS = {
  requestTimeoutMs: 30_000,
  maxRedirects: 5,
  concurrency: 100,
  dispatchPerTick: 5,
  dispatchTickMs: 50,
  retries: 2,
  retryDelayMs: 500,
  retryBackoff: 1.5,
  altRetries: 3,
  altRetryDelayMs: 1000,
  getCacheMs: 5 * 60_000,
  dedupMs: 500,
  dedupFastMs: 200,
  tokenExpiredDialogResetMs: 1000,
  backToTopThresholdPx: 400,
  backToTopDurationMs: 300,
  backToTopRightPx: 40,
  backToTopBottomPx: 108,
  mobileThresholdPx: 780,
  postMaxLength: 1000,
  /** Ours (SPEC 5 'a maximum number of images'): images of a post, topic tag length, posts per hour. */
  postMaxImages: 9,
  postTopicMax: 20,
  postsPerHour: 10,
  /** Ours: community feed page size. */
  postPageSize: 20,
  passwordMin: 8,
  passwordMax: 20,
  nicknameMin: 2,
  nicknameMax: 30,
  /** Ours: profile bio and e-mail address lengths; SPEC 4 e-mail codes are 6 digits. */
  bioMax: 500,
  emailMax: 254,
  emailCodeLength: 6,
  feedPageSize: 50,
  maxPageSize: 100,
  feedCacheMs: 30_000,
  feedCacheReactivatedMs: 300_000,
  loadMoreThresholdPx: 50,
  scrollThrottleMs: 150,
  searchDebounceMs: 300,
  searchMaxLength: 100,
  /** Ours: server-side search history per user, hot-search window and list sizes. */
  searchHistoryMax: 20,
  hotSearchDays: 7,
  hotSearchCount: 10,
  guessSearchCount: 10,
  categoryClickGuardMs: 300,
  feedErrorLimit: 3,
  feedCooldownMs: 5000,
  feedBlockMs: 30_000,
  searchDataRetryDelaysMs: [2000, 4000, 8000],
  userInfoRefetchMs: 5000,
  loginUserInfoFallbackMs: 5000,
  codeCountdownS: 120,
  feedbackMaxImages: 9,
  feedbackImageMaxBytes: 5 * 1024 * 1024,
  feedbackSuggestionMax: 100,
  /** Ours (SPEC 5 shows no contact rule): an e-mail address's length at most. */
  feedbackContactMax: 254,
  /**
   * Ours (abuse limits): feedback sent per hour by one visitor's IP address
   * or one user, and feedback images a visitor's IP address may upload per hour.
   */
  feedbackPerHourVisitor: 5,
  feedbackPerHourUser: 10,
  feedbackUploadsPerHourVisitor: 30,
  avatarMaxBytes: 2 * 1024 * 1024,
  imageUploadMaxBytes: 10 * 1024 * 1024,
  coverMaxBytes: 10 * 1024 * 1024,
  materialsPerWork: 30,
  tagsPerWork: 20,
  /**
   * Ours (SPEC 5 says file and cover counts are limited): covers and project
   * files per work, title and summary lengths, and the other publish-form bounds.
   */
  coversPerWork: 9,
  projectFilesPerWork: 20,
  workTitleMax: 100,
  workSummaryMax: 2000,
  softwareMax: 100,
  machinesPerWork: 20,
  categoriesPerWork: 5,
  tagMaxLength: 30,
  materialMaxLength: 50,
  sourceUrlMax: 1000,
  /** Characters of the rich-text guide's HTML. */
  guideMaxLength: 100_000,
  appealReasonMax: 1000,
  rejectionReasonMax: 500,
  /** Ours: upload sizes beyond SPEC's (instruction PDF, design files) and files per batch. */
  instructionMaxBytes: 50 * 1024 * 1024,
  designFileMaxBytes: 200 * 1024 * 1024,
  batchUploadMaxFiles: 20,
  /**
   * Ours (abuse limits, ADR 0005), per user, answered 429 (SPEC 8 'too many
   * requests'): 60 uploaded files per 10 minutes (three full batches) and
   * 2 GB received per hour (ten of the largest design files); 120 downloads
   * per hour; 30 work saves (create and update) per hour.
   */
  uploadFilesPerWindow: 60,
  uploadFilesWindowMs: 10 * 60_000,
  uploadBytesPerHour: 2 * 1024 * 1024 * 1024,
  downloadsPerHour: 120,
  workSavesPerHour: 30,
  carouselIntervalMs: 5000,
  bannersShown: 3,
  collectionMosaic: 4,
  marqueeSpeed: 0.5,
  skeletonCards: 10,
  recentSearchRowsMin: 3,
  commentPageSize: 10,
  commentBadgeMax: 99,
  /** Ours (SPEC 5 says only 'required'): characters of a comment or reply, as a post. */
  commentMaxLength: 1000,
  /** Ours: notification list page size, system message bounds, SSE heartbeat. */
  notificationPageSize: 20,
  systemTitleMax: 100,
  systemContentMax: 2000,
  liveHeartbeatMs: 25_000,
  /** Ours: seconds a live stream ticket may wait to be used (once). */
  streamTicketTtlS: 60,
  repliesFirst: 1,
  repliesStep: 5,
  visitorVisibleComments: 2,
  hoverCardWorks: 3,
  highlightMs: 3000,
  loginDialogWidthPx: 600,
  feedbackDialogWidthPx: 450,
  infiniteScrollDistance: 100,
  defaultPoints: 0,
} as const;

export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** SPEC 3: application scenario values. */
export const APPLICATIONS = { 1: 'laser', 2: 'knife', 3: 'screen', 4: 'ink', 5: 'other' } as const;
/** SPEC 3: difficulty values. */
export const DIFFICULTY = { 0: 'beginner', 1: 'intermediate', 2: 'professional' } as const;
/** DESIGN 3: review states of a work. */
export const REVIEW_STATUSES = ['in_review', 'published', 'rejected'] as const;
export type TReviewStatus = (typeof REVIEW_STATUSES)[number];

/** SPEC 2 Notifications screen: the five kinds, one SPEC 7 list path each. */
export const NOTIFICATION_KINDS = ['comment', 'liked', 'favor', 'follow', 'system'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * SPEC 4 Social actions: follow, following or mutual. Ours: `follow_back`
 * when only the other user follows the viewer (the button offers to follow back).
 */
export const FOLLOW_STATES = ['none', 'following', 'follow_back', 'mutual'] as const;
export type TFollowState = (typeof FOLLOW_STATES)[number];

/** SPEC 7: banner call `type` parameter. */
export const BANNER_TYPES = { carousel: 1, banner: 2 } as const;
/** SPEC 3: banner iconType values. */
export const ICON_TYPES = ['premium', 'exclusive', 'coupon', 'default'] as const;
