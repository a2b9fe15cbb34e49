/**
 * The `limit` parameter of /exp as a RowWindow (svc's documented rule, where QuestDB's own differs):
 * `limit=n` → the first n rows; `limit=m,n` → rows m..n inclusive, 1-based
 * (`0,n` = `n`); `limit=m,` → rows m..end; `limit=-n` → the last n rows. Text that is not such a
 * limit is ignored, as QuestDB ignores an unparseable limit.
 */
import { RowWindow } from '../../core/sql/query-engine';

const INTEGER = /^\s*-?\d+\s*$/;

export function parseExportLimit(text: string | null): RowWindow | undefined {
  if (text === null || text.trim() === '') return undefined;
  const comma = text.indexOf(',');
  if (comma < 0) {
    if (!INTEGER.test(text)) return undefined;
    const n = Number(text);
    return n < 0 ? { lo: n } : { lo: 0, hi: n };
  }
  const first = text.slice(0, comma);
  const second = text.slice(comma + 1);
  if (!INTEGER.test(first) || (second.trim() !== '' && !INTEGER.test(second))) return undefined;
  const m = Number(first);
  if (m < 0) return undefined;
  const lo = Math.max(0, m - 1);
  if (second.trim() === '') return { lo };
  const n = Number(second);
  if (n < 0) return undefined;
  return { lo, hi: Math.max(lo, n) };
}
