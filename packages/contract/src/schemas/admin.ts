import { z } from 'zod';
import { ZEnvelope, ZListEnvelope } from '../envelope';
import { REJECT_PRESETS } from '../rejection';
import { ZId, ZPageQuery } from './common';
import { ZRole } from './users';

/**
 * The moderation console's API (/api/v1/admin/..., moderators and admins),
 * and the report action of logged-in users (/api/v1/report).
 */

/** What the audit log records. */
export const MODERATION_ACTIONS = [
  'work_approve',
  'work_reject',
  'user_suspend',
  'user_unsuspend',
  'user_role',
  'report_status',
  'feedback_status',
  'post_delete',
  'comment_delete',
  'sensitive_words',
] as const;
export type TModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The kinds of item an audit entry names. */
export const MODERATION_ITEM_KINDS = [
  'work',
  'post',
  'comment',
  'user',
  'report',
  'feedback',
  'sensitive_words',
] as const;
export type TModerationItemKind = (typeof MODERATION_ITEM_KINDS)[number];

export const REPORT_ITEM_KINDS = ['work', 'post', 'comment'] as const;
export type TReportItemKind = (typeof REPORT_ITEM_KINDS)[number];
export const REPORT_REASONS = [
  'spam',
  'abuse',
  'sexual',
  'violence',
  'illegal',
  'copyright',
  'other',
] as const;
export type TReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];

const ZReasonText = z
  .string({ error: 'suspendReasonRequired' })
  .trim()
  .min(1, { error: 'suspendReasonRequired' })
  .max(200, { error: 'suspendReasonTooLong' });

/** An ISO date-time. */
const ZTime = z.string();

// ---- Suspension and users ----

/** How long a suspension lasts, in days; absent or null: until it is lifted. */
export const SUSPENSION_DAYS = [1, 7, 30] as const;
export const ZSuspendRequest = z.object({
  reason: ZReasonText,
  days: z
    .union([z.literal(1), z.literal(7), z.literal(30)])
    .nullable()
    .optional(),
});
export type TSuspendRequest = z.infer<typeof ZSuspendRequest>;

export const ZSuspension = z.object({
  reason: z.string(),
  at: ZTime,
  by: z.number().int().nullable(),
  /** When it ends by itself; null while it lasts until lifted. */
  until: ZTime.nullable().optional(),
});
export type TSuspension = z.infer<typeof ZSuspension>;

export const ZAdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  role: ZRole,
  points: z.number().int(),
  created_at: ZTime,
  /** Null when the account is not suspended. */
  suspension: ZSuspension.nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUserResponse = ZEnvelope(ZAdminUser);
export const ZAdminUserListResponse = ZListEnvelope(ZAdminUser);

export const ZAdminUserQuery = ZPageQuery.extend({
  /** Part of an e-mail or nickname; all users, newest first, when absent. */
  query: z.string().trim().max(100).optional(),
});

export const ZAdminUserDetail = ZAdminUser.extend({
  counts: z.object({
    works: z.number().int(),
    posts: z.number().int(),
    comments: z.number().int(),
  }),
  recent_works: z.array(
    z.object({ id: z.number().int(), title: z.string(), status: z.string(), created_at: ZTime }),
  ),
  recent_posts: z.array(z.object({ id: z.number().int(), content: z.string(), created_at: ZTime })),
  points_ledger: z.array(
    z.object({
      id: z.number().int(),
      delta: z.number().int(),
      reason: z.string(),
      note: z.string(),
      balance_after: z.number().int(),
      created_at: ZTime,
      /** What the row is about: `ai_job`, `task`, `daily_allowance` or `admin`, and its id. */
      ref_type: z.string().nullable().optional(),
      ref_id: z.string().nullable().optional(),
      /** The AI job's tool when `ref_type` is `ai_job`. */
      ai_kind: z.string().nullable().optional(),
    }),
  ),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;
export const ZAdminUserDetailResponse = ZEnvelope(ZAdminUserDetail);

export const ZRoleRequest = z.object({ role: ZRole });

// ---- Reports ----

export const ZReportRequest = z.object({
  kind: z.enum(REPORT_ITEM_KINDS),
  id: ZId,
  reason: z.enum(REPORT_REASONS),
  detail: z.string().trim().max(500, { error: 'reportDetailTooLong' }).default(''),
});
export type TReportRequest = z.infer<typeof ZReportRequest>;
export const ZReportCreated = z.object({ id: z.number().int() });
export const ZReportCreatedResponse = ZEnvelope(ZReportCreated);

export const ZAdminReport = z.object({
  id: z.number().int(),
  kind: z.enum(REPORT_ITEM_KINDS),
  item_id: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  detail: z.string(),
  status: z.enum(REPORT_STATUSES),
  reporter: z.object({ id: z.number().int(), nickname: z.string() }).nullable(),
  /**
   * The item reported as it is now: a work's title or the text of a post or
   * comment (first 200 characters), its author, whether it was removed since,
   * and for a comment the work or post it is on. Null when it is gone for good.
   */
  item: z
    .object({
      text: z.string(),
      user_id: z.number().int(),
      removed: z.boolean(),
      work_id: z.number().int().nullable(),
      post_id: z.number().int().nullable(),
    })
    .nullable(),
  resolved_by: z.number().int().nullable(),
  resolved_at: ZTime.nullable(),
  created_at: ZTime,
});
export type TAdminReport = z.infer<typeof ZAdminReport>;
export const ZAdminReportQuery = ZPageQuery.extend({
  status: z.enum(REPORT_STATUSES).default('open'),
  kind: z.enum(REPORT_ITEM_KINDS).optional(),
});
/** `counts` are the open reports per kind, beside the page. */
export const ZAdminReportListResponse = ZListEnvelope(ZAdminReport).extend({
  counts: z.record(z.enum(REPORT_ITEM_KINDS), z.number().int()),
});
/** A report is closed once: resolved (acted on) or dismissed. */
export const ZReportStatusRequest = z.object({
  status: z.enum(['resolved', 'dismissed']),
  /** Why, for the audit log. */
  reason: z.string().trim().max(200).default(''),
});
export const ZAdminReportResponse = ZEnvelope(ZAdminReport);

// ---- Audit log ----

export const ZAuditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), nickname: z.string() }).nullable(),
  action: z.enum(MODERATION_ACTIONS),
  item_kind: z.enum(MODERATION_ITEM_KINDS),
  item_id: z.number().int(),
  reason: z.string(),
  detail: z.record(z.string(), z.unknown()),
  created_at: ZTime,
  /**
   * The item as it is now, to name and link it: a work's title, a user's
   * nickname, the start of a post or comment (and for a comment the work or
   * post it is on). Null when the item is gone or has no name.
   */
  item: z
    .object({
      name: z.string(),
      work_id: z.number().int().nullable(),
      post_id: z.number().int().nullable(),
    })
    .nullable()
    .optional(),
  /** A rejection's preset code, for the reader's language; null for free text. */
  reason_preset: z.enum(REJECT_PRESETS).nullable().optional(),
  /** The note beside the preset, or '' (a free-text reason is `reason`). */
  reason_note: z.string().optional(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditQuery = ZPageQuery.extend({
  item_kind: z.enum(MODERATION_ITEM_KINDS).optional(),
  item_id: ZId.optional(),
});
export const ZAuditListResponse = ZListEnvelope(ZAuditEntry);

// ---- Sensitive words ----

export const ZSensitiveWords = z.object({
  /** The words kept in the database, edited in the console. */
  words: z.array(z.string()),
  /** The built-in words and those of SENSITIVE_WORDS_FILE: read-only here. */
  builtin: z.array(z.string()),
});
export type TSensitiveWords = z.infer<typeof ZSensitiveWords>;
export const ZSensitiveWordsResponse = ZEnvelope(ZSensitiveWords);
/** The whole console list; blank entries and repeats are dropped. */
export const ZSensitiveWordsRequest = z.object({
  words: z.array(z.string().trim().max(100)).max(5000),
});

// ---- Queues ----

export const ZAdminSummary = z.object({
  works_in_review: z.number().int(),
  open_appeals: z.number().int(),
  open_reports: z.number().int(),
  open_feedback: z.number().int(),
});
export const ZAdminSummaryResponse = ZEnvelope(ZAdminSummary);

const ZPerson = z.object({ id: z.number().int(), nickname: z.string() });

export const ZAdminFeedback = z.object({
  id: z.number().int(),
  user: ZPerson.nullable(),
  suggestion: z.string(),
  contact: z.string().nullable(),
  pictures: z.array(z.string()),
  status: z.enum(['open', 'answered', 'closed']),
  locale: z.string(),
  created_at: ZTime,
  updated_at: ZTime,
});
export const ZAdminFeedbackQuery = ZPageQuery.extend({
  status: z.enum(['open', 'answered', 'closed']).optional(),
});
/** `counts` per status, beside the page. */
export const ZAdminFeedbackListResponse = ZListEnvelope(ZAdminFeedback).extend({
  counts: z.record(z.enum(['open', 'answered', 'closed']), z.number().int()),
});
export const ZFeedbackStatusRequest = z.object({
  status: z.enum(['open', 'answered', 'closed']),
});
export const ZAdminFeedbackResponse = ZEnvelope(ZAdminFeedback);

export const ZAdminAppeal = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'accepted', 'rejected']),
  reason: z.string(),
  /** The rejection appealed, as it was. */
  rejection_reason: z.string(),
  user: ZPerson.nullable(),
  created_at: ZTime,
  resolved_at: ZTime.nullable(),
  /** The work as it is now (edited since the rejection, perhaps). */
  work: z.object({
    id: z.number().int(),
    title: z.string(),
    summary: z.string(),
    status: z.string(),
    cover: z.array(z.string()),
    updated_at: ZTime,
  }),
});
export const ZAdminAppealQuery = ZPageQuery.extend({
  status: z.enum(['open', 'accepted', 'rejected']).default('open'),
});
export const ZAdminAppealListResponse = ZListEnvelope(ZAdminAppeal);

// ---- Recent posts and comments ----

export const ZAdminContentQuery = ZPageQuery.extend({
  /** One author's only. */
  user_id: ZId.optional(),
});
export const ZAdminPost = z.object({
  id: z.number().int(),
  user: ZPerson,
  content: z.string(),
  images: z.array(z.string()),
  topic: z.string().nullable(),
  like_count: z.number().int(),
  comment_count: z.number().int(),
  created_at: ZTime,
});
export const ZAdminPostListResponse = ZListEnvelope(ZAdminPost);
export const ZAdminComment = z.object({
  id: z.number().int(),
  user: ZPerson,
  content: z.string(),
  /** What it is about: a work or a post. */
  work_id: z.number().int().nullable(),
  post_id: z.number().int().nullable(),
  /** The thread it answers, when a reply. */
  parent_id: z.number().int().nullable(),
  created_at: ZTime,
});
export const ZAdminCommentListResponse = ZListEnvelope(ZAdminComment);
/** DELETE /admin/posts/{id} and /admin/comments/{id}: why, for the audit log. */
export const ZAdminDeleteQuery = z.object({ reason: z.string().trim().max(200).default('') });
export const ZAdminDeleteResponse = ZEnvelope(z.object({ id: z.number().int() }));

// ---- AI providers (README "AI providers") ----

/** The services the AI features can run on, as config.ts reads them. */
export const AI_PROVIDER_IDS = [
  'comfyui',
  'openaiImages',
  'stability',
  'chat',
  'tripo',
  'meshy',
] as const;
export const ZAiProviderId = z.enum(AI_PROVIDER_IDS);
export type TAiProviderId = z.infer<typeof ZAiProviderId>;

export const ZAiProviderStatus = z.object({
  id: ZAiProviderId,
  configured: z.boolean(),
  /** The address the server calls; keys are never sent. */
  baseUrl: z.string().nullable(),
  /** The variables that configure it (README "AI providers"). */
  settings: z.array(z.string()),
});
export type TAiProviderStatus = z.infer<typeof ZAiProviderStatus>;
export const ZAiProviderListResponse = ZEnvelope(z.array(ZAiProviderStatus));

export const ZAiProviderParam = z.object({ id: ZAiProviderId });

/**
 * One probe: `notConfigured` (nothing called), `ok` (it answered), `refused`
 * (it answered 401/403: the key is wrong), `failed` (another error status),
 * `unreachable` (no answer within the probe's timeout).
 */
export const AI_PROVIDER_CHECK_RESULTS = [
  'notConfigured',
  'ok',
  'refused',
  'failed',
  'unreachable',
] as const;
export const ZAiProviderCheck = z.object({
  id: ZAiProviderId,
  result: z.enum(AI_PROVIDER_CHECK_RESULTS),
  httpStatus: z.number().int().nullable(),
  ms: z.number().int().nullable(),
});
export type TAiProviderCheck = z.infer<typeof ZAiProviderCheck>;
export const ZAiProviderCheckResponse = ZEnvelope(ZAiProviderCheck);
