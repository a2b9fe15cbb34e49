/**
 * The `limit` URL parameter of /exec and /exp as a row window, the same on both: `n` → the first n rows;
 * `a,b` → rows a..b inclusive, counted from 1 (`0,b` = `b`); `a,` → rows a..end. A negative bound means what
 * it means in SQL `LIMIT`: `-n` → the last n rows, `-m,-n` → `LIMIT -m,-n`, `m,-n` → all but the first m
 * and the last n. Text that is no such limit is ignored (undefined), as QuestDB ignores it.
 */
import { limitWindow } from '../sql/operators/row-window';
import { RowWindow } from '../sql/query-engine';

const INTEGER = /^\s*[+-]?\d{1,15}\s*$/;

export function parseLimitParameter(text: string | null): RowWindow | undefined {
  if (text === null || text.trim() === '') return undefined;
  const comma = text.indexOf(',');
  if (comma < 0) {
    if (!INTEGER.test(text)) return undefined;
    return limitWindow(Number(text), undefined);
  }
  const first = text.slice(0, comma);
  const second = text.slice(comma + 1);
  if (!INTEGER.test(first) || (second.trim() !== '' && !INTEGER.test(second))) return undefined;
  const a = Number(first);
  if (second.trim() === '') return a < 0 ? { lo: a } : { lo: Math.max(0, a - 1) };
  const b = Number(second);
  if (a < 0 || b < 0) return limitWindow(a, b);
  const lo = Math.max(0, a - 1);
  return { lo, hi: Math.max(lo, b) };
}

/** True when the window only counts from the start (it can be applied while streaming). */
export function isFromStart(w: RowWindow): boolean {
  return w.lo >= 0 && (w.hi === undefined || w.hi >= 0);
}
