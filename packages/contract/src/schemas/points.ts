import { z } from 'zod';
import { LIMITS } from '../constants';
import { ZEnvelope, ZListEnvelope } from '../envelope';

/** Why a balance changed; one ledger row per change (ADR 0011). */
export const POINTS_REASONS = [
  'daily_allowance',
  'task',
  'admin_grant',
  'ai_charge',
  'ai_refund',
] as const;
export const ZPointsReason = z.enum(POINTS_REASONS);
export type TPointsReason = z.infer<typeof ZPointsReason>;

/** Tasks that earn points (SPEC 1: points are earned through tasks). */
export const POINTS_TASKS = ['first_work', 'first_post', 'signin', 'profile'] as const;
export const ZPointsTask = z.enum(POINTS_TASKS);
export type TPointsTask = z.infer<typeof ZPointsTask>;

/**
 * GET /api/v1/points: the live balance (after today's allowance), the daily
 * top-up amount, whether today's was granted, when the next local day starts
 * (ISO) and SPEC 1's note that points are never convertible to cash.
 */
export const ZPointsSummary = z.object({
  balance: z.number().int(),
  dailyAllowance: z.number().int(),
  allowanceGrantedToday: z.boolean(),
  /** Points today's allowance added (0 when the balance was already at or above it). */
  allowanceGrantedAmount: z.number().int(),
  nextRefreshAt: z.string(),
  timeZone: z.string(),
  cashConvertible: z.literal(false),
  note: z.string(),
});
export type TPointsSummary = z.infer<typeof ZPointsSummary>;
export const ZPointsSummaryResponse = ZEnvelope(ZPointsSummary);

export const ZPointsLedgerQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(20),
});
export type TPointsLedgerQuery = z.infer<typeof ZPointsLedgerQuery>;

export const ZPointsLedgerEntry = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  reason: ZPointsReason,
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  note: z.string(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type TPointsLedgerEntry = z.infer<typeof ZPointsLedgerEntry>;
export const ZPointsLedgerResponse = ZListEnvelope(ZPointsLedgerEntry);

/**
 * A task and its state: `completed` once done (sign-in: today), `available`
 * false when the feature behind it does not exist yet (community posts).
 */
export const ZPointsTaskState = z.object({
  task: ZPointsTask,
  amount: z.number().int(),
  daily: z.boolean(),
  completed: z.boolean(),
  available: z.boolean(),
});
export type TPointsTaskState = z.infer<typeof ZPointsTaskState>;
export const ZPointsTasksResponse = ZEnvelope(z.array(ZPointsTaskState));

export const ZPointsSigninResult = z.object({
  awarded: z.number().int(),
  balance: z.number().int(),
});
export const ZPointsSigninResponse = ZEnvelope(ZPointsSigninResult);
