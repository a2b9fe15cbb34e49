/**
 * The /exec `limit` parameter (svc's documented rule, where QuestDB's own differs):
 * `limit=n` → rows 1..n; `limit=a,b` → rows a..b inclusive, 1-based (`limit=10,20` = 11 rows);
 * `limit=a,` → rows a..end; `limit=0` → no rows; `limit=-n` → the last n rows. Anything unparseable is
 * ignored, as QuestDB does.
 */

/** Rows to send: 0-based `lo` inclusive, `hi` exclusive (undefined = to the end); `last` = the last n rows. */
export type ExecLimit =
  | { readonly kind: 'all' }
  | { readonly kind: 'range'; readonly lo: number; readonly hi: number | undefined }
  | { readonly kind: 'last'; readonly n: number };

export const NO_LIMIT: ExecLimit = Object.freeze({ kind: 'all' });

function parseInteger(text: string): number | undefined {
  const t = text.trim();
  if (!/^[+-]?\d{1,18}$/.test(t)) return undefined;
  return Number(t);
}

export function parseExecLimit(raw: string | null): ExecLimit {
  if (raw === null || raw.trim() === '') return NO_LIMIT;
  const comma = raw.indexOf(',');
  if (comma < 0) {
    const n = parseInteger(raw);
    if (n === undefined) return NO_LIMIT;
    if (n < 0) return { kind: 'last', n: -n };
    return { kind: 'range', lo: 0, hi: n };
  }
  const a = parseInteger(raw.slice(0, comma));
  const bText = raw.slice(comma + 1);
  const b = bText.trim() === '' ? undefined : parseInteger(bText);
  if (a === undefined || (b === undefined && bText.trim() !== '')) return NO_LIMIT;
  // 1-based and inclusive: a,b → skip a-1 rows, stop after row b. Negative bounds clamp to 0.
  const lo = Math.max(0, a - 1);
  if (b === undefined) return { kind: 'range', lo, hi: undefined };
  return { kind: 'range', lo, hi: Math.max(lo, Math.max(0, b)) };
}

/** Applies `http.security.max.response.rows`: at most `max` rows are sent. */
export function capLimit(limit: ExecLimit, max: number): ExecLimit {
  if (max >= Number.MAX_SAFE_INTEGER) return limit;
  switch (limit.kind) {
    case 'all': return { kind: 'range', lo: 0, hi: max };
    case 'last': return { kind: 'last', n: Math.min(limit.n, max) };
    case 'range': return { kind: 'range', lo: limit.lo, hi: limit.hi === undefined ? limit.lo + max : Math.min(limit.hi, limit.lo + max) };
  }
}
