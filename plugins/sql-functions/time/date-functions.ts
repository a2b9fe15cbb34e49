/**
 * Date/time functions of QuestDB's SQL dialect over core/time: dateadd, datediff, timestamp_floor,
 * timestamp_ceil, date_trunc, extract/date_part, the part functions (year … micros, day_of_week, …),
 * to_timezone / to_utc. Unit, field and zone arguments are constants (read once from row 0); the
 * timestamp loops run over the Float64Array values with LONG_NULL passing through.
 */
import { ColumnType, Types } from '../../../core/data/column-type';
import { LONG_NULL, INT_NULL, LONG_NULL_BIG, MAX_SAFE_LONG } from '../../../core/data/null-values';
import { exactAt, fromExactLongs, isSafeLong } from '../../../core/data/exact-longs';
import { Vector } from '../../../core/data/vector';
import { ScalarFunction } from '../../../core/extension/sql-function';
import { SvcError } from '../../../core/errors';
import { readValue } from '../../../core/sql/vector/sql-value';
import * as parts from '../../../core/time/date-parts';
import { addUnits, addUnitsExact, diffUnits, floorToStride, parseStride, Stride, TimeUnit, truncateToUnit, unitByName } from '../../../core/time/time-unit';
import { TimeZone, timeZone, toLocal, toUtc } from '../../../core/time/time-zone';

const TS = Types.TIMESTAMP;
const TEXT: readonly ColumnType[] = [Types.CHAR, Types.STRING, Types.VARCHAR, Types.SYMBOL];

/** The constant text argument (row 0). */
export function constantText(v: Vector): string | null {
  const x = v.data.length === 0 && !v.offsets ? null : readValue(v, 0);
  return x === null ? null : String(x);
}

export function strideArg(v: Vector): Stride {
  const text = constantText(v) ?? '';
  const s = parseStride(text);
  if (!s || s.count <= 0) throw SvcError.badRequest(`invalid unit '${text}'`);
  return { count: s.count, unit: s.unit === 'U' ? 'u' : s.unit };
}

function unitArg(v: Vector): TimeUnit {
  const text = constantText(v) ?? '';
  const u = unitByName(text);
  if (!u) throw SvcError.badRequest(`invalid unit '${text}'`);
  return u === 'U' ? 'u' : u;
}

function zoneArg(v: Vector): TimeZone {
  const text = constantText(v) ?? '';
  const z = timeZone(text);
  if (!z) throw SvcError.badRequest(`invalid timezone: ${text}`);
  return z;
}

/** The Gregorian calendar repeats every 400 years (146097 days, whole weeks), in µs. */
const CYCLE = 146097n * 86_400_000_000n;

/**
 * Maps each non-null timestamp through `f`; `out` type LONG-family Float64Array or INT. A timestamp
 * beyond 2^53 µs (after 2255, carried in `exact`) is moved by whole 400-year cycles into the exact range,
 * mapped there and moved back: a TIMESTAMP result by the same cycles, an INT through `years` (a year-like
 * part gains 400 a cycle; other parts repeat with the calendar).
 */
function mapTs(ts: Vector, n: number, type: ColumnType, f: (t: number, row: number) => number, years?: (shifted: number, cycles: number) => number): Vector {
  const d = ts.data, exact = ts.exact;
  if (type.tag === Types.INT.tag) {
    const out = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      if (d[i] === LONG_NULL) { out[i] = INT_NULL; continue; }
      if (!exact || isSafeLong(d[i])) { out[i] = f(d[i], i); continue; }
      const [shifted, cycles] = inCycle(exact[i]);
      out[i] = years ? years(shifted, cycles) : f(shifted, i);
    }
    return { type, data: out };
  }
  const out = new Float64Array(n);
  const big = new BigInt64Array(n);
  let exactNeeded = false;
  for (let i = 0; i < n; i++) {
    if (d[i] === LONG_NULL) { out[i] = LONG_NULL; big[i] = LONG_NULL_BIG; continue; }
    const input = exact ? exact[i] : BigInt(d[i]);
    let r = isSafeLong(d[i]) ? f(d[i], i) : NaN;
    let value: bigint;
    if (r === r && isSafeLong(r)) value = BigInt(r);
    else {
      // The input or the result is beyond 2^53: compute on the instant moved by whole cycles.
      const cycles = r === r ? BigInt(Math.round(r / Number(CYCLE))) : nearestCycles(input);
      r = f(Number(input - cycles * CYCLE), i);
      value = BigInt(r) + cycles * CYCLE;
      exactNeeded = true;
    }
    big[i] = value;
    out[i] = Number(value);
  }
  return exactNeeded ? fromExactLongs(type, big) : { type, data: out };
}

function nearestCycles(e: bigint): bigint {
  return (e + (e < 0n ? -CYCLE / 2n : CYCLE / 2n)) / CYCLE;
}

/** Exact µs → [the same calendar instant within ±200 years of 1970 (a safe double), cycles moved]. */
function inCycle(e: bigint): [number, number] {
  const k = nearestCycles(e);
  return [Number(e - k * CYCLE), Number(k)];
}

/** year-like parts move with the cycles: `year + 400 · cycles`. */
const shiftYears = (f: (t: number) => number) => (shifted: number, cycles: number): number => f(shifted) + 400 * cycles;

function perText(name: string, tail: readonly ColumnType[], returns: ColumnType, kernel: ScalarFunction['kernel']): ScalarFunction[] {
  return TEXT.map((t) => ({ kind: 'scalar', name, args: [t, ...tail], returns, constantArgs: [0], kernel }));
}

const dateadd = (zoned: boolean): ScalarFunction[] => TEXT.map((t): ScalarFunction => ({
  kind: 'scalar', name: 'dateadd', args: zoned ? [t, Types.INT, TS, Types.STRING] : [t, Types.INT, TS], returns: TS, constantArgs: [0],
  kernel(a, n) {
    const unit = unitArg(a[0]);
    const zone = zoned ? zoneArg(a[3]) : undefined;
    const k = a[1].data;
    // With a zone the arithmetic is on the local wall clock (DST-aware); QuestDB's dialect.
    if (zone) return mapTs(a[2], n, TS, (x, i) => (k[i] === INT_NULL ? LONG_NULL : toUtc(addUnits(toLocal(x, zone), unit, k[i]), zone)));
    return addToTimestamps(a[2], k, unit, n);
  },
}));

/** `ts + k[i] units` per row: in doubles while input and result are exact there, else in 64-bit integers. */
function addToTimestamps(ts: Vector, k: ArrayLike<number>, unit: TimeUnit, n: number): Vector {
  const d = ts.data, exact = ts.exact;
  const out = new Float64Array(n);
  let big: BigInt64Array | undefined;
  for (let i = 0; i < n; i++) {
    if (d[i] === LONG_NULL || k[i] === INT_NULL) { out[i] = LONG_NULL; if (big) big[i] = LONG_NULL_BIG; continue; }
    const r = !exact || isSafeLong(d[i]) ? addUnits(d[i], unit, k[i]) : NaN;
    if (r === r && r <= MAX_SAFE_LONG && r >= -MAX_SAFE_LONG) { out[i] = r; if (big) big[i] = BigInt(r); continue; }
    if (!big) { big = new BigInt64Array(n); for (let j = 0; j < i; j++) big[j] = out[j] === LONG_NULL ? LONG_NULL_BIG : BigInt(out[j]); }
    big[i] = addUnitsExact(exact ? exact[i] : BigInt(d[i]), unit, k[i]);
    out[i] = Number(big[i]);
  }
  return big ? fromExactLongs(TS, big) : { type: TS, data: out };
}

const datediff: ScalarFunction[] = perText('datediff', [TS, TS], Types.LONG, (a, n) => {
  const unit = unitArg(a[0]);
  const x = a[1].data, y = a[2].data;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = x[i] === LONG_NULL || y[i] === LONG_NULL ? LONG_NULL : diffUnits(x[i], y[i], unit);
  return { type: Types.LONG, data: out };
});

const timestampFloor: ScalarFunction[] = [
  ...perText('timestamp_floor', [TS], TS, (a, n) => {
    const s = strideArg(a[0]);
    return mapTs(a[1], n, TS, s.count === 1 ? (t) => truncateToUnit(t, s.unit) : (t) => floorToStride(t, s, 0));
  }),
  ...perText('timestamp_floor', [TS, TS], TS, (a, n) => {
    const s = strideArg(a[0]);
    const origin = a[2].data[0];
    return mapTs(a[1], n, TS, (t) => floorToStride(t, s, origin === LONG_NULL ? 0 : origin));
  }),
];

const timestampCeil: ScalarFunction[] = perText('timestamp_ceil', [TS], TS, (a, n) => {
  const s = strideArg(a[0]);
  return mapTs(a[1], n, TS, (t) => {
    const f = s.count === 1 ? truncateToUnit(t, s.unit) : floorToStride(t, s, 0);
    return f === t ? t : addUnits(f, s.unit, s.count);
  });
});

const dateTrunc: ScalarFunction[] = perText('date_trunc', [TS], TS, (a, n) => {
  const name = (constantText(a[0]) ?? '').toLowerCase();
  if (name === 'quarter') {
    return mapTs(a[1], n, TS, (t) => { const m = truncateToUnit(t, 'M'); return addUnits(m, 'M', -((parts.month(t) - 1) % 3)); });
  }
  if (name === 'decade' || name === 'century' || name === 'millennium') {
    const span = name === 'decade' ? 10 : name === 'century' ? 100 : 1000;
    const shift = name === 'decade' ? 0 : 1;
    return mapTs(a[1], n, TS, (t) => { const y = parts.year(t); const start = Math.floor((y - shift) / span) * span + shift; return addUnits(truncateToUnit(t, 'y'), 'y', start - y); });
  }
  const unit = unitByName(name);
  if (!unit) throw SvcError.badRequest(`invalid unit '${name}'`);
  return mapTs(a[1], n, TS, (t) => truncateToUnit(t, unit));
});

/** extract() of a timestamp moved by 400-year cycles: year-based parts from the real year. */
function extractShifted(field: parts.ExtractField, shifted: number, cycles: number): number {
  const year = parts.year(shifted) + 400 * cycles;
  switch (field) {
    case 'year': return year;
    case 'isoyear': return parts.isoWeek(shifted).year + 400 * cycles;
    case 'decade': return Math.floor(year / 10);
    case 'century': return year > 0 ? Math.floor((year - 1) / 100) + 1 : Math.floor(year / 100);
    case 'millennium': return year > 0 ? Math.floor((year - 1) / 1000) + 1 : Math.floor(year / 1000);
    default: return parts.extract(field, shifted);
  }
}

/** extract(epoch FROM ts): whole seconds, exact for any timestamp. */
function epochSeconds(ts: Vector, n: number): Vector {
  const out = new BigInt64Array(n);
  for (let i = 0; i < n; i++) {
    const e = exactAt(ts, i);
    out[i] = e === LONG_NULL_BIG ? e : (e - ((e % 1_000_000n) + 1_000_000n) % 1_000_000n) / 1_000_000n;
  }
  return fromExactLongs(Types.LONG, out);
}

/** extract(part FROM ts): INT, LONG for epoch (QuestDB 9.4.4); an unknown part is refused at the part. */
const extractFns: ScalarFunction[] = ['extract', 'date_part'].flatMap((name) => perText(name, [TS], Types.INT, (a, n, type) => {
  const field = (constantText(a[0]) ?? '').toLowerCase() as parts.ExtractField;
  if (field === 'epoch') return epochSeconds(a[1], n);
  return mapTs(a[1], n, type, (t) => parts.extract(field, t), (shifted, cycles) => extractShifted(field, shifted, cycles));
}).map((f): ScalarFunction => ({
  ...f,
  returnsForConstants(constants, positions): ColumnType | undefined {
    const part = constants[0];
    if (typeof part !== 'string') return undefined;
    if (!parts.EXTRACT_FIELDS.includes(part.toLowerCase() as parts.ExtractField)) throw SvcError.sql(positions[0], `unsupported part '${part}'`);
    return part.toLowerCase() === 'epoch' ? Types.LONG : Types.INT;
  },
})));

const part = (name: string, f: (t: number) => number): ScalarFunction => ({
  kind: 'scalar', name, args: [TS], returns: Types.INT, kernel: (a, n) => mapTs(a[0], n, Types.INT, f),
});

const partFns: ScalarFunction[] = [
  { ...part('year', parts.year), kernel: (a, n) => mapTs(a[0], n, Types.INT, parts.year, shiftYears(parts.year)) }, part('month', parts.month), part('day', parts.dayOfMonth), part('hour', parts.hour),
  part('minute', parts.minute), part('second', parts.second), part('millis', parts.millis), part('micros', parts.micros),
  part('day_of_week', parts.dayOfWeek), part('day_of_week_sunday_first', parts.dayOfWeekSundayFirst),
  part('week_of_year', (t) => parts.isoWeek(t).week), part('days_in_month', parts.daysInMonthOf), part('day_of_year', parts.dayOfYear),
  {
    kind: 'scalar', name: 'is_leap_year', args: [TS], returns: Types.BOOLEAN,
    kernel(a, n) {
      const d = a[0].data, out = new Uint8Array(n);
      for (let i = 0; i < n; i++) out[i] = d[i] !== LONG_NULL && parts.isLeapYearOf(d[i]) ? 1 : 0;
      return { type: Types.BOOLEAN, data: out };
    },
  },
];

const zoneFns: ScalarFunction[] = TEXT.filter((t) => t !== Types.CHAR).flatMap((t): ScalarFunction[] => [
  { kind: 'scalar', name: 'to_timezone', args: [TS, t], returns: TS, constantArgs: [1], kernel: (a, n) => { const z = zoneArg(a[1]); return mapTs(a[0], n, TS, (x) => toLocal(x, z)); } },
  { kind: 'scalar', name: 'to_utc', args: [TS, t], returns: TS, constantArgs: [1], kernel: (a, n) => { const z = zoneArg(a[1]); return mapTs(a[0], n, TS, (x) => toUtc(x, z)); } },
]);

/**
 * interval(lo, hi) → INTERVAL (two µs values per row). Marked volatile only so constant folding keeps the
 * call: `ts IN interval(…)` turns its constant bounds into scan intervals at bind time.
 */
const intervalFns: ScalarFunction[] = [
  {
    kind: 'scalar', name: 'interval', args: [TS, TS], returns: Types.INTERVAL, volatile: true,
    kernel(a, n) {
      const x = a[0].data, y = a[1].data, out = new Float64Array(2 * n);
      for (let i = 0; i < n; i++) { out[2 * i] = x[i]; out[2 * i + 1] = x[i] === LONG_NULL ? LONG_NULL : y[i]; }
      return { type: Types.INTERVAL, data: out };
    },
  },
  {
    kind: 'scalar', name: 'interval_start', args: [Types.INTERVAL], returns: TS,
    kernel(a, n) { const d = a[0].data, out = new Float64Array(n); for (let i = 0; i < n; i++) out[i] = d[2 * i]; return { type: TS, data: out }; },
  },
  {
    kind: 'scalar', name: 'interval_end', args: [Types.INTERVAL], returns: TS,
    kernel(a, n) { const d = a[0].data, out = new Float64Array(n); for (let i = 0; i < n; i++) out[i] = d[2 * i] === LONG_NULL ? LONG_NULL : d[2 * i + 1]; return { type: TS, data: out }; },
  },
];

export const dateFunctions: readonly ScalarFunction[] = [
  ...intervalFns,
  ...dateadd(false), ...dateadd(true), ...datediff, ...timestampFloor, ...timestampCeil, ...dateTrunc, ...extractFns, ...partFns, ...zoneFns,
];
