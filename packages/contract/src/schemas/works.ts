import { z } from 'zod';
import { LIMITS, REVIEW_STATUSES } from '../constants';
import { ZEnvelope, ZListEnvelope } from '../envelope';
import { REJECT_PRESETS } from '../rejection';
import { ZMachine } from './catalog';
import { MAX_ID, ZId, ZPageQuery } from './common';
import { ZFollowState } from './social';

/** SPEC 3: source of a work; a remix names its original by URL. */
export const WORK_SOURCES = ['original', 'remix'] as const;
export const ZWorkSource = z.enum(WORK_SOURCES, { error: 'sourceInvalid' });
export type TWorkSource = z.infer<typeof ZWorkSource>;

const ZFileUrl = z.string().trim().min(1, { error: 'workFileInvalid' }).max(1000);

/** A file of the publish form: an URL our upload endpoint returned, and the name to show. */
export const ZWorkFileRef = z.object({
  url: ZFileUrl,
  filename: z.string().trim().max(200).optional(),
});
export type TWorkFileRef = z.infer<typeof ZWorkFileRef>;

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Optional text: absent or null is stored as ''. */
const orEmpty = (schema: z.ZodType<string>) => schema.nullish().transform((value) => value ?? '');

/** Trimmed, case-insensitively unique strings: SPEC 5 forbids duplicate tags and materials. */
const hasDuplicates = (values: readonly (string | number)[]) => {
  const keys = values.map((value) => String(value).trim().toLowerCase());
  return new Set(keys).size !== keys.length;
};

/**
 * SPEC 3 Project (publish form) with SPEC 5 rules; every message is a key of
 * the catalogue, so server and web show the same localised text.
 * - `use_material`: material names (either language, or free text) or ids of
 *   GET /material/list; `machine_ids` and `categories`: ids of the catalog.
 * - `instruction`: the PDF (kind=instruction); `attachment`: the rich-text
 *   guide (HTML, sanitised by the server).
 */
const ZWorkFields = z.object({
  title: z
    .string({ error: 'workTitleRequired' })
    .trim()
    .min(1, { error: 'workTitleRequired' })
    .max(LIMITS.workTitleMax, { error: 'workTitleTooLong' }),
  summary: orEmpty(z.string().trim().max(LIMITS.workSummaryMax, { error: 'workSummaryTooLong' })),
  cover: z.array(ZFileUrl).max(LIMITS.coversPerWork, { error: 'coversTooMany' }).default([]),
  project_file: z
    .array(ZWorkFileRef, { error: 'projectFileRequired' })
    .min(1, { error: 'projectFileRequired' })
    .max(LIMITS.projectFilesPerWork, { error: 'projectFilesTooMany' }),
  source: ZWorkSource.default('original'),
  source_url: orEmpty(z.string().trim().max(LIMITS.sourceUrlMax, { error: 'sourceUrlInvalid' })),
  software: z
    .string({ error: 'softwareRequired' })
    .trim()
    .min(1, { error: 'softwareRequired' })
    .max(LIMITS.softwareMax, { error: 'softwareTooLong' }),
  machine_ids: z
    .array(
      z.coerce
        .number()
        .int()
        .positive({ error: 'machineInvalid' })
        .max(MAX_ID, { error: 'machineInvalid' }),
      {
        error: 'machineRequired',
      },
    )
    .min(1, { error: 'machineRequired' })
    .max(LIMITS.machinesPerWork, { error: 'machinesTooMany' }),
  apply_dev: z
    .array(z.number({ error: 'applicationInvalid' }).int().min(1).max(5), {
      error: 'applicationRequired',
    })
    .min(1, { error: 'applicationRequired' })
    .max(5, { error: 'applicationInvalid' })
    .refine((values) => !hasDuplicates(values), { error: 'applicationInvalid' }),
  use_material: z
    .array(
      z.union([
        z
          .string()
          .trim()
          .min(1, { error: 'materialsRequired' })
          .max(LIMITS.materialMaxLength, { error: 'materialTooLong' }),
        z.number().int().positive().max(MAX_ID),
      ]),
      { error: 'materialsRequired' },
    )
    .min(1, { error: 'materialsRequired' })
    .max(LIMITS.materialsPerWork, { error: 'materialsTooMany' })
    .refine((values) => !hasDuplicates(values), { error: 'materialsDuplicate' }),
  level: z
    .number({ error: 'difficultyRequired' })
    .int({ error: 'difficultyRequired' })
    .min(0, { error: 'difficultyRequired' })
    .max(2, { error: 'difficultyRequired' }),
  categories: z
    .array(
      z.coerce
        .number()
        .int()
        .positive({ error: 'categoryInvalid' })
        .max(MAX_ID, { error: 'categoryInvalid' }),
      {
        error: 'categoryRequired',
      },
    )
    .min(1, { error: 'categoryRequired' })
    .max(LIMITS.categoriesPerWork, { error: 'categoriesTooMany' }),
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1, { error: 'tagEmpty' })
        .max(LIMITS.tagMaxLength, { error: 'tagTooLong' }),
    )
    .max(LIMITS.tagsPerWork, { error: 'tagsTooMany' })
    .refine((values) => !hasDuplicates(values), { error: 'tagsDuplicate' })
    .default([]),
  instruction: ZWorkFileRef.nullable().default(null),
  attachment: orEmpty(z.string().max(LIMITS.guideMaxLength, { error: 'guideTooLong' })),
  is_ai_assisted: z.boolean().default(false),
});

type TSourceFields = { source: TWorkSource; source_url: string };

/** SPEC 3: a remix needs the URL of its original; an original keeps none. */
function checkSource(value: TSourceFields, ctx: z.RefinementCtx) {
  if (value.source === 'remix' && !value.source_url) {
    ctx.addIssue({ code: 'custom', path: ['source_url'], message: 'sourceUrlRequired' });
  } else if (value.source_url && !isHttpUrl(value.source_url)) {
    ctx.addIssue({ code: 'custom', path: ['source_url'], message: 'sourceUrlInvalid' });
  }
}

/** POST /api/v1/works/create. */
export const ZCreateWorkRequest = ZWorkFields.superRefine(checkSource);
export type TCreateWorkRequest = z.infer<typeof ZCreateWorkRequest>;
export type TCreateWorkInput = z.input<typeof ZCreateWorkRequest>;

/** PUT /api/v1/works/update: the whole form again, with the work's `id`. */
export const ZUpdateWorkRequest = ZWorkFields.extend({
  id: ZId,
}).superRefine(checkSource);
export type TUpdateWorkRequest = z.infer<typeof ZUpdateWorkRequest>;

export const ZWorkFile = z.object({
  url: z.string(),
  filename: z.string(),
  size: z.number().int().nonnegative(),
  mime: z.string().optional(),
});
export type TWorkFile = z.infer<typeof ZWorkFile>;

export const ZReviewStatus = z.enum(REVIEW_STATUSES);

/**
 * A work card of feeds and author lists (SPEC 2: cover, title, creator, like
 * and download counts). `nickname` never shows an e-mail address (SPEC 3).
 * `status` and `rejection_reason` matter on the owner's own lists (SPEC 2:
 * rejected cards offer an appeal).
 */
export const ZWorkCard = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.array(z.string()),
  /** Ours: the first cover's 480 px WebP thumbnail for cards; '' when it has none. */
  cover_thumb: z.string().optional(),
  nickname: z.string(),
  avatar: z.string(),
  created_by: z.number().int(),
  like: z.number().int(),
  favor: z.number().int(),
  is_like: z.boolean(),
  download_count: z.number().int(),
  comment_count: z.number().int(),
  CreatedAt: z.string(),
  status: ZReviewStatus,
  rejection_reason: z.string(),
});
export type TWorkCard = z.infer<typeof ZWorkCard>;

/** SPEC 3 author stats and the hover card's latest works (SPEC 9: 3). */
export const ZAuthorStats = z.object({
  follow_count: z.number().int(),
  work_count: z.number().int(),
  fans_count: z.number().int(),
});

/**
 * SPEC 3 Work (detail), field names as there; DESIGN 3: `id`, ISO times.
 * `machine_ids` with `machines` (ID and name); `categories` with names in the
 * request's language; `instruction` is the PDF or null.
 */
export const ZWorkDetail = ZAuthorStats.extend({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.array(z.string()),
  images: z.array(z.string()),
  price: z.number(),
  originalPrice: z.number(),
  credits: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  created_by: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  like: z.number().int(),
  favor: z.number().int(),
  is_like: z.boolean(),
  is_favor: z.boolean(),
  is_follow: z.boolean(),
  /** SPEC 4: follow, following or mutual; ours: follow_back when only the author follows the viewer. */
  follow_state: ZFollowState,
  comment_count: z.number().int(),
  download_count: z.number().int(),
  tags: z.array(z.string()),
  project_file: z.array(ZWorkFile),
  attachment: z.string(),
  instruction: ZWorkFile.nullable(),
  rejection_reason: z.string(),
  creatorTag: z.string(),
  software: z.string(),
  apply_dev: z.array(z.number().int()),
  machine_ids: z.array(z.number().int()),
  machines: z.array(ZMachine),
  use_material: z.array(z.string()),
  level: z.number().int(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  source: ZWorkSource,
  source_url: z.string(),
  is_ai_assisted: z.boolean(),
  status: ZReviewStatus,
  userWorks: z.array(ZWorkCard),
});
export type TWorkDetail = z.infer<typeof ZWorkDetail>;
export const ZWorkDetailResponse = ZEnvelope(ZWorkDetail);

/** GET /api/v1/works/author/{id}: the author card (SPEC 2 hover card). */
export const ZAuthorCard = ZAuthorStats.extend({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  creatorTag: z.string(),
  bio: z.string(),
  is_follow: z.boolean(),
  follow_state: ZFollowState,
  userWorks: z.array(ZWorkCard),
});
export type TAuthorCard = z.infer<typeof ZAuthorCard>;
export const ZAuthorCardResponse = ZEnvelope(ZAuthorCard);

const ZFlag = z.enum(['0', '1', 'true', 'false']).optional();

/** GET /api/v1/works: published works, newest first; `mine=1` the caller's own in every state. */
export const ZWorkListQuery = ZPageQuery.extend({ mine: ZFlag });
export type TWorkListQuery = z.infer<typeof ZWorkListQuery>;
/** GET /api/v1/works/author/all/{id}: SPEC 7 also sends `author` (the same id). */
export const ZAuthorWorksQuery = ZPageQuery.extend({
  author: ZId.optional(),
});
export const ZWorkListResponse = ZListEnvelope(ZWorkCard);

/** GET /api/v1/works/download/{id}: `file` is the index in project_file; absent means all. */
export const ZDownloadQuery = z.object({ file: z.coerce.number().int().min(0).optional() });

export const ZDeleteWorkResponse = ZEnvelope(z.object({ id: z.number().int() }));

/** Moderation queue (DESIGN 3 review states): moderators and admins only. */
export const ZModerationQuery = ZPageQuery.extend({
  status: ZReviewStatus.default('in_review'),
});
export const ZModerationItem = ZWorkCard.extend({
  summary: z.string(),
  UpdatedAt: z.string(),
  /** The reason of the open appeal, when the work is back in review through one. */
  appeal_reason: z.string().nullable(),
});
export type TModerationItem = z.infer<typeof ZModerationItem>;
export const ZModerationListResponse = ZListEnvelope(ZModerationItem);

/**
 * A rejection names a preset reason (kept as its code and shown in each
 * reader's language, see rejection.ts), a free-text reason, or both (the
 * text then adds to the preset).
 */
export const ZRejectWorkRequest = z
  .object({
    preset: z.enum(REJECT_PRESETS).optional(),
    reason: z
      .string({ error: 'rejectionReasonRequired' })
      .trim()
      .max(LIMITS.rejectionReasonMax, { error: 'rejectionReasonTooLong' })
      .default(''),
  })
  .refine((body) => body.preset !== undefined || body.reason.length > 0, {
    error: 'rejectionReasonRequired',
    path: ['reason'],
  });
export type TRejectWorkRequest = z.infer<typeof ZRejectWorkRequest>;
export const ZReviewDecision = z.object({
  id: z.number().int(),
  status: ZReviewStatus,
  rejection_reason: z.string(),
});
export const ZReviewDecisionResponse = ZEnvelope(ZReviewDecision);

/** POST /api/v1/work/appeal/submit (SPEC 3 Appeal, SPEC 5: reason required, non-empty). */
export const ZAppealRequest = z.object({
  work_id: ZId,
  appeal_reason: z
    .string({ error: 'appealReasonRequired' })
    .trim()
    .min(1, { error: 'appealReasonRequired' })
    .max(LIMITS.appealReasonMax, { error: 'appealReasonTooLong' }),
});
export type TAppealRequest = z.infer<typeof ZAppealRequest>;
export const ZAppealResult = z.object({
  id: z.number().int(),
  work_id: z.number().int(),
  status: z.literal('open'),
  work_status: ZReviewStatus,
});
export const ZAppealResponse = ZEnvelope(ZAppealResult);

/** Code 406 (SPEC 8): `data` of a sensitive-word refusal. */
export const ZSensitiveWordsData = z.object({ words: z.array(z.string()) });
