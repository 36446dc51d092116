import type { TAiFailureReason, TAiJobKind, TAiStage } from '@layerline/contract';
import type { z } from 'zod';

/** One file an engine made; the job runner stores it through FileStorage. */
export type TAiOutputFile = {
  filename: string;
  mime: string;
  data: Buffer;
  /** Its SHA-256 when the engine's thread took it, so the event loop does not (ADR 0057). */
  sha256?: string;
};

/** What a run produced: files, and text for features that answer with text (prompt optimisation). */
export type TAiResult = {
  files: TAiOutputFile[];
  text?: string;
  /** Prompt optimisation: the phrases `text` added to the prompt, stored with the job. */
  promptAdded?: string[];
};

export type TEngineContext = {
  /** Aborted when the job is cancelled or times out; an engine stops as soon as it can. */
  signal: AbortSignal;
  /** SPEC 4 stage and a percentage 0-100; the runner stores and publishes it. */
  progress: (stage: TAiStage, percent: number) => void;
  /** The bytes of a stored file the job refers to (the uploaded source image, a mask). */
  readFile: (url: string) => Promise<Buffer>;
  /**
   * The DPI recorded for an uploaded picture: a number when its source
   * declared one, null when it declared none, undefined when no upload names
   * it. Absent where there are no records (engines called directly).
   */
  fileDpi?: (url: string) => Promise<number | null | undefined>;
};

/**
 * A local engine or a provider adapter behind one AI job kind (DESIGN 5).
 * `params` is the job's input, already validated by the kind's contract schema.
 * Engines throw AiEngineError with one of the SPEC 8 AI reasons on failure.
 */
export interface TAiEngine {
  readonly kind: TAiJobKind;
  /** Shown in records and logs: 'local:potrace', 'openai:gpt-image-1', ... */
  readonly name: string;
  run(params: Record<string, unknown>, ctx: TEngineContext): Promise<TAiResult>;
}

// SPEC 8 AI messages an engine can end with: the contract's, which the page names too.
export { AI_FAILURE_REASONS, type TAiFailureReason } from '@layerline/contract';

/** An AiEngineError crosses a thread boundary as this name prefix plus its reason. */
export const ENGINE_ERROR_PREFIX = 'AiEngineError:';

export class AiEngineError extends Error {
  constructor(
    readonly reason: TAiFailureReason,
    message?: string,
    options?: { cause?: unknown },
  ) {
    super(message ?? reason, options);
    this.name = 'AiEngineError';
  }
}

/** Parses a job's params; a mismatch is the SPEC 8 parameter error naming the field. */
export function parseParams<T>(schema: z.ZodType<T>, params: Record<string, unknown>): T {
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AiEngineError(
    'badParameters',
    `${issue?.path.join('.') || 'params'}: ${issue?.message ?? 'invalid'}`,
  );
}

/**
 * Failures with a message of their own besides the SPEC 8 reason (a mask too
 * large for the eraser, a cut-out the model was unsure of). The key leads the
 * engine's message, which crosses threads and is stored with the job, and the
 * job is shown with that localised message instead of the reason's.
 */
export const ENGINE_MESSAGE_KEYS = ['aiEraseMaskTooLarge', 'aiCutoutUnsure'] as const;
export type TEngineMessageKey = (typeof ENGINE_MESSAGE_KEYS)[number];

export const engineMessage = (key: TEngineMessageKey, text: string) => `${key}: ${text}`;

export function engineMessageKey(stored: string | null | undefined): TEngineMessageKey | undefined {
  const key = stored?.match(/^(\w+): /)?.[1];
  return ENGINE_MESSAGE_KEYS.find((known) => known === key);
}
