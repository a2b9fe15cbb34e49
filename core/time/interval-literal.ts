/**
 * Interval literals on the designated timestamp (sql-dialect.md §2.2):
 * a partial timestamp means its whole unit (`'2025'` is the year, `'2025-03-01T03'` the hour);
 * `;<n><unit>` moves the upper bound (`'2025-03-01;1d'` ends 2025-03-02T23:59:59.999999);
 * `ts;modifier;period;count` repeats the interval every `period`, `count` times (a negative period goes back).
 * Produces sorted, disjoint closed intervals in µs.
 */
import { TimeInterval } from '../data/table-schema';
import { daysFromCivil, daysInMonth } from './iso-timestamp';
import { addUnits, MICROS_PER_DAY, parseStride } from './time-unit';
import { normalizeIntervals } from './interval-algebra';

/** A partial ISO timestamp as the interval it covers, or undefined when the text is not one. */
export function parsePartialTimestamp(text: string): TimeInterval | undefined {
  const m = PARTIAL_RE.exec(text.trim());
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = m[2] === undefined ? 1 : Number(m[2]);
  const d = m[3] === undefined ? 1 : Number(m[3]);
  const h = m[4] === undefined ? 0 : Number(m[4]);
  const mi = m[5] === undefined ? 0 : Number(m[5]);
  const s = m[6] === undefined ? 0 : Number(m[6]);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return undefined;
  const fraction = m[7];
  let offsetMicros = 0;
  if (m[8] !== undefined && m[8] !== 'Z' && m[8] !== 'z') {
    const sign = m[8][0] === '-' ? -1 : 1;
    const digits = m[8].slice(1).replace(':', '');
    offsetMicros = sign * (Number(digits.slice(0, 2)) * 60 + (digits.length > 2 ? Number(digits.slice(2, 4)) : 0)) * 60_000_000;
  }
  const dayStart = daysFromCivil(y, mo, d) * MICROS_PER_DAY;
  const lo = dayStart + ((h * 60 + mi) * 60 + s) * 1_000_000
    + (fraction === undefined ? 0 : Number((fraction + '000000').slice(0, 6))) - offsetMicros;
  let hi: number;
  if (m[2] === undefined) hi = addUnits(lo, 'y', 1) - 1;
  else if (m[3] === undefined) hi = addUnits(lo, 'M', 1) - 1;
  else if (m[4] === undefined) hi = lo + MICROS_PER_DAY - 1;
  else if (m[5] === undefined) hi = lo + 3_600_000_000 - 1;
  else if (m[6] === undefined) hi = lo + 60_000_000 - 1;
  else if (fraction === undefined) hi = lo + 1_000_000 - 1;
  else hi = lo + Math.max(1, 10 ** (6 - Math.min(6, fraction.length))) - 1;
  return { lo, hi };
}

const PARTIAL_RE = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?)?)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

export type IntervalParse =
  | { readonly ok: true; readonly intervals: readonly TimeInterval[]; readonly isInterval: boolean }
  | { readonly ok: false; readonly reason: string };

/**
 * Parses `'<partial ts>[;<modifier>[;<period>;<count>]]'`. `isInterval` is true when a modifier is
 * present (such a string used with `=` is the error `not a timestamp, use IN keyword with intervals`).
 */
export function parseIntervalLiteral(text: string): IntervalParse {
  const parts = text.split(';');
  if (parts.length !== 1 && parts.length !== 2 && parts.length !== 4) return { ok: false, reason: 'Invalid interval' };
  const base = parsePartialTimestamp(parts[0]);
  if (!base) return { ok: false, reason: 'Invalid date' };
  let { lo, hi } = base;
  if (parts.length >= 2 && parts[1].trim() !== '') {
    const mod = parseStride(parts[1]);
    if (!mod) return { ok: false, reason: 'Invalid interval modifier' };
    hi = addUnits(hi + 1, mod.unit, mod.count) - 1;
    if (hi < lo) return { ok: true, intervals: [], isInterval: true };
  }
  if (parts.length === 4) {
    const period = parseStride(parts[2]);
    const count = Number(parts[3].trim());
    if (!period || !Number.isInteger(count) || count < 1) return { ok: false, reason: 'Invalid interval period' };
    const list: TimeInterval[] = [];
    for (let i = 0; i < count; i++) {
      list.push({ lo: addUnits(lo, period.unit, period.count * i), hi: addUnits(hi, period.unit, period.count * i) });
    }
    return { ok: true, intervals: normalizeIntervals(list), isInterval: true };
  }
  return { ok: true, intervals: [{ lo, hi }], isInterval: parts.length > 1 };
}
