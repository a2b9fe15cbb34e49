/**
 * Interval literals on the designated timestamp:
 * a partial timestamp means its whole unit (`'2025'` is the year, `'2025-03-01T03'` the hour);
 * `;<n><unit>` is a duration from the start of the partial timestamp: n > 0 gives `[start, start + n)`
 * (`'2025-03-01;1d'` is that one day), n < 0 gives `[start + n, start)`;
 * `ts;modifier;period;count` repeats the interval every `period`, `count` times (a negative period goes back).
 * Produces sorted, disjoint closed intervals in µs.
 */
import { TimeInterval } from '../data/table-schema';
import { parseIsoParts } from './iso-timestamp';
import { addUnits, MICROS_PER_DAY, parseStride } from './time-unit';
import { normalizeIntervals } from './interval-algebra';

/** A partial ISO timestamp as the interval it covers, or undefined when the text is not one. */
export function parsePartialTimestamp(text: string): TimeInterval | undefined {
  const parts = parseIsoParts(text);
  if (!parts) return undefined;
  const lo = parts.micros;
  switch (parts.precision) {
    case 'year': return { lo, hi: addUnits(lo, 'y', 1) - 1 };
    case 'month': return { lo, hi: addUnits(lo, 'M', 1) - 1 };
    case 'day': return { lo, hi: lo + MICROS_PER_DAY - 1 };
    case 'hour': return { lo, hi: lo + 3_600_000_000 - 1 };
    case 'minute': return { lo, hi: lo + 60_000_000 - 1 };
    case 'second': return { lo, hi: lo + 1_000_000 - 1 };
    case 'fraction': return { lo, hi: lo + Math.max(1, 10 ** (6 - Math.min(6, parts.fractionDigits))) - 1 };
  }
}

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
    // The duration counts from the start of the partial timestamp, whatever its precision (QuestDB 9.4.4).
    const end = addUnits(lo, mod.unit, mod.count);
    if (mod.count >= 0) hi = end - 1;
    else { hi = lo - 1; lo = end; }
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
