/**
 * Interval strings of `ts IN '…'` (sql-dialect.md §2.2): a partial timestamp means its whole unit
 * (`'2025-03'` = March), `;<n><unit>` moves the upper bound, `;<mod>;<period>;<count>` repeats the
 * interval. Returns sorted, merged closed intervals in µs, or undefined when the text is not one.
 */
import { TimeInterval } from '../../data/table-schema';
import { daysInMonth, parseIsoTimestamp } from '../../time/iso-timestamp';

const PARTIAL = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?)?)?)?(Z)?$/;
const UNIT_MICROS: Record<string, number> = {
  u: 1, T: 1000, s: 1_000_000, m: 60_000_000, h: 3_600_000_000, d: 86_400_000_000, w: 7 * 86_400_000_000,
};

/** Adds `n` units to `ts`; months and years follow the calendar (month-end clamps). */
export function addUnits(ts: number, n: number, unit: string): number | undefined {
  const micros = UNIT_MICROS[unit];
  if (micros !== undefined) return ts + n * micros;
  if (unit !== 'M' && unit !== 'y') return undefined;
  const months = unit === 'y' ? n * 12 : n;
  const day = Math.floor(ts / 86_400_000_000);
  const rest = ts - day * 86_400_000_000;
  const date = new Date(day * 86_400_000);
  const y = date.getUTCFullYear(), m = date.getUTCMonth() + months;
  const ny = y + Math.floor(m / 12), nm = ((m % 12) + 12) % 12;
  const d = Math.min(date.getUTCDate(), daysInMonth(ny, nm + 1));
  return Date.UTC(ny, nm, d) * 1000 + rest;
}

/** `[start, end]` of a partial timestamp's unit, or undefined. */
export function partialInterval(text: string): TimeInterval | undefined {
  const m = PARTIAL.exec(text.trim());
  if (!m) return undefined;
  const lo = parseIsoTimestamp(text.trim());
  if (lo === undefined) return undefined;
  let hi: number | undefined;
  if (m[7] !== undefined) hi = lo + Math.pow(10, 6 - m[7].length) - 1;
  else if (m[6] !== undefined) hi = lo + 1_000_000 - 1;
  else if (m[5] !== undefined) hi = lo + 60_000_000 - 1;
  else if (m[4] !== undefined) hi = lo + 3_600_000_000 - 1;
  else if (m[3] !== undefined) hi = lo + 86_400_000_000 - 1;
  else if (m[2] !== undefined) hi = (addUnits(lo, 1, 'M') as number) - 1;
  else hi = (addUnits(lo, 1, 'y') as number) - 1;
  return { lo, hi };
}

function amount(text: string): { n: number; unit: string } | undefined {
  const m = /^(-?\d+)([a-zA-Z])$/.exec(text.trim());
  return m ? { n: Number(m[1]), unit: m[2] } : undefined;
}

export function parseIntervalLiteral(text: string): TimeInterval[] | undefined {
  const parts = text.split(';');
  const base = partialInterval(parts[0]);
  if (!base) return undefined;
  let { lo, hi } = base;
  if (parts.length >= 2) {
    const mod = amount(parts[1]);
    if (!mod) return undefined;
    const moved = addUnits(hi, mod.n, mod.unit);
    if (moved === undefined) return undefined;
    hi = moved;
  }
  if (parts.length === 2 || parts.length === 1) return hi >= lo ? [{ lo, hi }] : [];
  if (parts.length !== 4) return undefined;
  const period = amount(parts[2]);
  const count = Number(parts[3]);
  if (!period || !Number.isInteger(count) || count < 1) return undefined;
  const out: TimeInterval[] = [];
  for (let k = 0; k < count; k++) {
    const l = addUnits(lo, period.n * k, period.unit), h = addUnits(hi, period.n * k, period.unit);
    if (l === undefined || h === undefined) return undefined;
    out.push({ lo: l, hi: h });
  }
  return normalizeIntervals(out);
}

/** Sorts and merges overlapping or adjacent intervals. */
export function normalizeIntervals(list: readonly TimeInterval[]): TimeInterval[] {
  const sorted = [...list].filter((i) => i.hi >= i.lo).sort((a, b) => a.lo - b.lo);
  const out: TimeInterval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.lo <= last.hi + 1) out[out.length - 1] = { lo: last.lo, hi: Math.max(last.hi, i.hi) };
    else out.push(i);
  }
  return out;
}

export function intersectIntervals(a: readonly TimeInterval[], b: readonly TimeInterval[]): TimeInterval[] {
  const out: TimeInterval[] = [];
  for (const x of a) for (const y of b) {
    const lo = Math.max(x.lo, y.lo), hi = Math.min(x.hi, y.hi);
    if (lo <= hi) out.push({ lo, hi });
  }
  return normalizeIntervals(out);
}
