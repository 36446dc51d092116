import { z } from 'zod';
import { LIMITS } from '../constants';
import { ZEnvelope } from '../envelope';

/**
 * Feedback (SPEC 1 'send feedback', 2 feedback dialog and screen, 3 Feedback,
 * 5, 7, 9). Visitors may send it too; the server records the user when
 * logged in.
 */

/** SPEC 5: required and trimmed non-empty, at most 100 characters (SPEC 9). */
export const ZFeedbackSuggestion = z
  .string({ error: 'feedbackSuggestionRequired' })
  .trim()
  .min(1, { error: 'feedbackSuggestionRequired' })
  .max(LIMITS.feedbackSuggestionMax, { error: 'feedbackSuggestionTooLong' });

const ZEmailAddress = z.email();

/**
 * SPEC 5: optional, 'a contact e-mail' in one reading; its rule is not shown.
 * Ours: at most 254 characters, and text with an '@' must be an e-mail
 * address ('please enter a correct email format'), so a mistyped address is
 * caught while a phone number or another handle still passes. Blank is none.
 */
export const ZFeedbackContact = z
  .string()
  .trim()
  .max(LIMITS.feedbackContactMax, { error: 'feedbackContactTooLong' })
  .refine((text) => !text.includes('@') || ZEmailAddress.safeParse(text).success, {
    error: 'emailFormat',
  })
  .nullish()
  .transform((text) => text || null);

/**
 * POST /api/v1/suggestion/submit (SPEC 7). `picture`: up to 9 addresses
 * answered by POST /api/v1/suggestion/upload, the sender's own.
 */
export const ZFeedbackRequest = z.object({
  suggestion: ZFeedbackSuggestion,
  contact: ZFeedbackContact,
  picture: z
    .array(z.string().trim().min(1).max(2048), { error: 'feedbackPictureInvalid' })
    .max(LIMITS.feedbackMaxImages, { error: 'feedbackPicturesTooMany' })
    .nullish()
    .transform((pictures) => pictures ?? []),
});
export type TFeedbackRequest = z.infer<typeof ZFeedbackRequest>;
export type TFeedbackInput = z.input<typeof ZFeedbackRequest>;

/** SPEC 7: code 200 and `msg`, the localised thanks; `data.id` names the stored feedback. */
export const ZFeedbackResponse = ZEnvelope(z.object({ id: z.number().int() }));
export type TFeedbackResponse = z.infer<typeof ZFeedbackResponse>;

/**
 * SPEC 7: the feedback image upload answers `code`, `data` (the image
 * address itself, DESIGN 3) and `msg`.
 */
export const ZFeedbackUploadResponse = ZEnvelope(z.string());
export type TFeedbackUploadResponse = z.infer<typeof ZFeedbackUploadResponse>;

/** Ours: where a feedback row stands in the moderators' inbox; new feedback is open. */
export const FEEDBACK_STATUSES = ['open', 'answered', 'closed'] as const;
export type TFeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
