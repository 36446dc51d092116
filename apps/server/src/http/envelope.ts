import { Code } from '@layerline/contract';

export type TOk<T> = { code: number; msg: string; data: T };

/**
 * Success envelope (DESIGN 3). `msg` is left empty here and filled with the
 * localised 'success' text by the preSerialization hook of `registerLocale`,
 * because the handler's return value is built without the request at hand.
 * `extra` adds siblings such as `total`, or a specific `msg`.
 */
export function ok<T>(data: T): TOk<T>;
export function ok<T, E extends Record<string, unknown>>(data: T, extra: E): TOk<T> & E;
export function ok<T>(data: T, extra: Record<string, unknown> = {}): TOk<T> {
  return { code: Code.OK, msg: '', data, ...extra };
}

/** List envelope: `data` plus `total` (DESIGN 3). */
export function okList<T>(data: T[], total: number): TOk<T[]> & { total: number } {
  return ok(data, { total });
}

export function isEnvelope(payload: unknown): payload is TOk<unknown> {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    'code' in payload &&
    'msg' in payload &&
    typeof (payload as { code: unknown }).code === 'number'
  );
}
