/**
 * The /exec `limit` parameter (core/server/limit-parameter.ts, the same window as /exp): a window counted from
 * the start is applied while streaming, so `count` can keep counting; a window with a negative bound (`-n`,
 * `-m,-n`, `m,-n`, as SQL LIMIT) goes to the engine. Anything unparseable is ignored, as QuestDB does.
 */
import { isFromStart, parseLimitParameter } from '../../core/server/limit-parameter';
import { RowWindow } from '../../core/sql/query-engine';

/**
 * Rows to send: `range` = 0-based `lo` inclusive, `hi` exclusive (undefined = to the end); `tail` = the engine
 * applies `window`, and at most `max` of its rows are sent.
 */
export type ExecLimit =
  | { readonly kind: 'all' }
  | { readonly kind: 'range'; readonly lo: number; readonly hi: number | undefined }
  | { readonly kind: 'tail'; readonly window: RowWindow; readonly max: number | undefined };

export const NO_LIMIT: ExecLimit = Object.freeze({ kind: 'all' });

export function parseExecLimit(raw: string | null): ExecLimit {
  const w = parseLimitParameter(raw);
  if (w === undefined) return NO_LIMIT;
  if (isFromStart(w)) return { kind: 'range', lo: w.lo, hi: w.hi };
  return { kind: 'tail', window: w, max: undefined };
}

/** Applies `http.security.max.response.rows`: at most `max` rows are sent. */
export function capLimit(limit: ExecLimit, max: number): ExecLimit {
  if (max >= Number.MAX_SAFE_INTEGER) return limit;
  switch (limit.kind) {
    case 'all': return { kind: 'range', lo: 0, hi: max };
    case 'tail': return { ...limit, max: Math.min(limit.max ?? max, max) };
    case 'range': return { kind: 'range', lo: limit.lo, hi: limit.hi === undefined ? limit.lo + max : Math.min(limit.hi, limit.lo + max) };
  }
}
