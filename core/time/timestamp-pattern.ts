/**
 * QuestDB's date/time pattern letters, compiled once into a list of steps and run
 * over bytes with no allocation per value. /imp uses it for `schema` patterns and detected formats;
 * to_timestamp/to_date/to_str reuse it. `parse` returns µs since the epoch, or NaN when the text does
 * not match the whole pattern.
 *
 * Supported: y yy yyyy (yy = 20xx), M MM MMM MMMM, d dd, D, E (names, ignored), u w F (digits, ignored),
 * G (AD/BC), H k K h (with a), m s, S SSS (ms), U UUU (µs) U+ (fraction of a second, up to 6 digits
 * kept), N NNN N+ (ns; below 1 µs dropped), z Z x (`Z`, `UTC`/`GMT`, ±HH, ±HHmm, ±HH:mm), quoted
 * literals ('T'), any other character literally. Named zones such as `Europe/Berlin` are not parsed.
 */
import { daysFromCivil, daysInMonth } from './iso-timestamp';
import { FixedLayout } from './fixed-layout';
import { formatWithPattern } from './timestamp-pattern-format';
import { compileSteps, DAYS, Field, MONTHS, PatternStep } from './timestamp-pattern-steps';

export { compileSteps, Field, PatternStep } from './timestamp-pattern-steps';

const MICROS_PER_DAY = 86_400_000_000;
const encoder = new TextEncoder();

/** Case-insensitive match of `word` at `p`; returns the end or -1. */
function matchWord(b: Uint8Array, p: number, end: number, word: string): number {
  if (p + word.length > end) return -1;
  for (let k = 0; k < word.length; k++) if ((b[p + k] | 0x20) !== (word.charCodeAt(k) | 0x20)) return -1;
  return p + word.length;
}

/** Longest full or 3-letter name of `names` at `p`: index * 1000 + end position, or -1. */
function matchName(b: Uint8Array, p: number, end: number, names: readonly string[]): number {
  for (let i = 0; i < names.length; i++) {
    const full = matchWord(b, p, end, names[i]);
    if (full >= 0) return i * 1000 + full - p;
    const short = matchWord(b, p, end, names[i].slice(0, 3));
    if (short >= 0) return i * 1000 + 3;
  }
  return -1;
}

export class TimestampPattern {
  readonly steps: readonly PatternStep[];
  // Scratch state of one parse (single-threaded: no allocation per value).
  private readonly v = new Float64Array(Field.Zone + 1);

  private readonly fixed: FixedLayout | undefined;

  constructor(readonly pattern: string) {
    this.steps = compileSteps(pattern);
    this.fixed = FixedLayout.of(this.steps);
  }

  /** The width of every value when the pattern has only fixed-width fields, else -1. */
  get fixedLength(): number {
    return this.fixed ? this.fixed.length : -1;
  }

  /**
   * Whether byte `x` can occur in a value this pattern accepts (conservatively: digits, letters, `+ - :` of
   * zones, and the pattern's literals). A reader that knows `x` cannot, finds a fixed-width value's end
   * without scanning for `x`.
   */
  mayContain(x: number): boolean {
    const c = x | 0x20;
    if ((x >= 0x30 && x <= 0x39) || (c >= 0x61 && c <= 0x7a) || x === 0x2b || x === 0x2d || x === 0x3a) return true;
    return this.steps.some((st) => st.literal?.includes(x) === true);
  }

  /** Parses `s` (one JS string). */
  parseString(s: string): number {
    const b = encoder.encode(s);
    return this.parse(b, 0, b.length);
  }

  /** µs since epoch of `b[start..end)`, or NaN. */
  parse(b: Uint8Array, start: number, end: number): number {
    if (this.fixed) {
      const fast = this.fixed.parse(b, start, end);
      if (fast === fast) return fast;
    }
    return this.parseSteps(b, start, end);
  }

  /**
   * `parse` storing the µs at `out[at]` (true), or false for NaN: an import's hot path, where a returned
   * µs value (no small integer) would cost a heap number per row (see FixedLayout.parseInto).
   */
  parseInto(b: Uint8Array, start: number, end: number, out: Float64Array, at: number): boolean {
    if (this.fixed?.parseInto(b, start, end, out, at)) return true;
    const v = this.parseSteps(b, start, end);
    if (v !== v) return false;
    out[at] = v;
    return true;
  }

  /** The general parse: the pattern's steps one by one. */
  private parseSteps(b: Uint8Array, start: number, end: number): number {
    const v = this.v;
    v.fill(-1);
    let p = start;
    let zoneMinutes = 0;
    let pm = -1;
    const steps = this.steps;
    for (let i = 0; i < steps.length; i++) {
      const st = steps[i];
      const f = st.field;
      if (f === Field.Literal) {
        const lit = st.literal as Uint8Array;
        if (p + lit.length > end) return NaN;
        for (let k = 0; k < lit.length; k++) if (b[p + k] !== lit[k]) return NaN;
        p += lit.length;
      } else if (f === Field.MonthName || f === Field.DayName) {
        const m = matchName(b, p, end, f === Field.MonthName ? MONTHS : DAYS);
        if (m < 0) return NaN;
        v[f] = Math.floor(m / 1000);
        p += m % 1000;
      } else if (f === Field.AmPm) {
        const c = p < end ? b[p] | 0x20 : 0;
        if ((c !== 0x61 && c !== 0x70) || p + 1 >= end || (b[p + 1] | 0x20) !== 0x6d) return NaN;
        pm = c === 0x70 ? 1 : 0;
        p += 2;
      } else if (f === Field.Era) {
        if (matchWord(b, p, end, 'AD') >= 0) { v[f] = 1; p += 2; } else if (matchWord(b, p, end, 'BC') >= 0) { v[f] = 0; p += 2; } else return NaN;
      } else if (f === Field.Zone) {
        const r = this.zone(b, p, end);
        if (r < 0) return NaN;
        zoneMinutes = this.v[Field.Ignore];
        p = r;
      } else {
        let n = 0;
        let digits = 0;
        const limit = Math.min(end, p + st.max);
        while (p < limit) {
          const c = b[p] - 48;
          if (c < 0 || c > 9) break;
          n = n * 10 + c;
          p++;
          digits++;
        }
        if (digits < st.min || digits === 0) return NaN;
        if (f === Field.MicroFraction) n = digits <= 6 ? n * 10 ** (6 - digits) : Math.floor(n / 10 ** (digits - 6));
        else if (f === Field.NanoFraction) n = digits <= 9 ? n * 10 ** (9 - digits) : Math.floor(n / 10 ** (digits - 9));
        v[f] = n;
      }
    }
    if (p !== end) return NaN;
    return this.assemble(pm, zoneMinutes);
  }

  /** Formats µs since epoch (UTC) with the pattern. */
  format(micros: number): string {
    return formatWithPattern(this.steps, micros);
  }

  private zone(b: Uint8Array, p: number, end: number): number {
    this.v[Field.Ignore] = 0;
    if (p < end && (b[p] === 0x5a || b[p] === 0x7a)) return p + 1;
    let q = matchWord(b, p, end, 'UTC');
    if (q < 0) q = matchWord(b, p, end, 'GMT');
    if (q >= 0) { if (q === end || (b[q] !== 0x2b && b[q] !== 0x2d)) return q; p = q; }
    if (p >= end || (b[p] !== 0x2b && b[p] !== 0x2d)) return -1;
    const sign = b[p] === 0x2d ? -1 : 1;
    p++;
    const d = (i: number): number => (i < end ? b[i] - 48 : -1);
    if (d(p) < 0 || d(p) > 9 || d(p + 1) < 0 || d(p + 1) > 9) return -1;
    const hours = d(p) * 10 + d(p + 1);
    p += 2;
    let minutes = 0;
    if (p < end && b[p] === 0x3a) p++;
    if (d(p) >= 0 && d(p) <= 9 && d(p + 1) >= 0 && d(p + 1) <= 9) { minutes = d(p) * 10 + d(p + 1); p += 2; }
    if (hours > 23 || minutes > 59) return -1;
    this.v[Field.Ignore] = sign * (hours * 60 + minutes);
    return p;
  }

  private assemble(pm: number, zoneMinutes: number): number {
    const v = this.v;
    let year = v[Field.Year] >= 0 ? v[Field.Year] : v[Field.Year2] >= 0 ? 2000 + v[Field.Year2] : 1970;
    if (v[Field.Era] === 0) year = 1 - year;
    let month = v[Field.Month] >= 0 ? v[Field.Month] : v[Field.MonthName] >= 0 ? v[Field.MonthName] + 1 : -1;
    let day = v[Field.Day];
    if (month < 0 && day < 0 && v[Field.DayOfYear] > 0) {
      const doy = v[Field.DayOfYear];
      if (doy > (daysInMonth(year, 2) === 29 ? 366 : 365)) return NaN;
      const days = daysFromCivil(year, 1, 1) + doy - 1;
      return this.timeOfDay(days, pm, zoneMinutes);
    }
    if (month < 0) month = 1;
    if (day < 0) day = 1;
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return NaN;
    return this.timeOfDay(daysFromCivil(year, month, day), pm, zoneMinutes);
  }

  private timeOfDay(days: number, pm: number, zoneMinutes: number): number {
    const v = this.v;
    let hour = 0;
    if (v[Field.Hour] >= 0) hour = v[Field.Hour];
    else if (v[Field.Hour24k] >= 0) hour = v[Field.Hour24k] === 24 ? 0 : v[Field.Hour24k];
    else if (v[Field.Hour12K] >= 0) { if (v[Field.Hour12K] > 11) return NaN; hour = v[Field.Hour12K] + (pm === 1 ? 12 : 0); }
    else if (v[Field.Hour12h] >= 0) {
      const h = v[Field.Hour12h];
      if (h < 1 || h > 12) return NaN;
      hour = (h % 12) + (pm === 1 ? 12 : 0);
    }
    const minute = Math.max(0, v[Field.Minute]);
    const second = Math.max(0, v[Field.Second]);
    if (hour > 23 || minute > 59 || second > 59) return NaN;
    let fraction = 0;
    if (v[Field.Milli] >= 0) fraction += v[Field.Milli] * 1000;
    if (v[Field.Micro] >= 0) fraction += v[Field.Micro];
    if (v[Field.MicroFraction] >= 0) fraction += v[Field.MicroFraction];
    if (v[Field.NanoFraction] >= 0) fraction += Math.floor(v[Field.NanoFraction] / 1000);
    return days * MICROS_PER_DAY + ((hour * 60 + minute - zoneMinutes) * 60 + second) * 1_000_000 + fraction;
  }
}

const cache = new Map<string, TimestampPattern>();

/** A compiled pattern, shared per pattern text (compiling is the expensive part). */
export function timestampPattern(pattern: string): TimestampPattern {
  let p = cache.get(pattern);
  if (!p) {
    p = new TimestampPattern(pattern);
    cache.set(pattern, p);
  }
  return p;
}
