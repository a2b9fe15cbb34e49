/**
 * Date/time functions of QuestDB's SQL dialect over core/time: dateadd, datediff, timestamp_floor,
 * timestamp_ceil, date_trunc, extract/date_part, the part functions (year … micros, day_of_week, …),
 * to_timezone / to_utc. Unit, field and zone arguments are constants (read once from row 0); the
 * timestamp loops run over the Float64Array values with LONG_NULL passing through.
 */
import { ColumnType, Types } from '../../../core/data/column-type';
import { LONG_NULL, INT_NULL } from '../../../core/data/null-values';
import { Vector } from '../../../core/data/vector';
import { ScalarFunction } from '../../../core/extension/sql-function';
import { SvcError } from '../../../core/errors';
import { readValue } from '../../../core/sql/vector/sql-value';
import * as parts from '../../../core/time/date-parts';
import { addUnits, diffUnits, floorToStride, parseStride, Stride, TimeUnit, truncateToUnit, unitByName } from '../../../core/time/time-unit';
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

/** Maps each non-null timestamp through `f`; `out` type LONG-family Float64Array or INT. */
function mapTs(ts: Vector, n: number, type: ColumnType, f: (t: number) => number): Vector {
  const d = ts.data;
  if (type.tag === Types.INT.tag) {
    const out = new Int32Array(n);
    for (let i = 0; i < n; i++) out[i] = d[i] === LONG_NULL ? INT_NULL : f(d[i]);
    return { type, data: out };
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = d[i] === LONG_NULL ? LONG_NULL : f(d[i]);
  return { type, data: out };
}

function perText(name: string, tail: readonly ColumnType[], returns: ColumnType, kernel: ScalarFunction['kernel']): ScalarFunction[] {
  return TEXT.map((t) => ({ kind: 'scalar', name, args: [t, ...tail], returns, constantArgs: [0], kernel }));
}

const dateadd = (zoned: boolean): ScalarFunction[] => TEXT.map((t): ScalarFunction => ({
  kind: 'scalar', name: 'dateadd', args: zoned ? [t, Types.INT, TS, Types.STRING] : [t, Types.INT, TS], returns: TS, constantArgs: [0],
  kernel(a, n) {
    const unit = unitArg(a[0]);
    const zone = zoned ? zoneArg(a[3]) : undefined;
    const k = a[1].data, d = a[2].data;
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const x = d[i];
      if (x === LONG_NULL || k[i] === INT_NULL) { out[i] = LONG_NULL; continue; }
      // With a zone the arithmetic is on the local wall clock (DST-aware), QuestDB's SQL dialect
      out[i] = zone ? toUtc(addUnits(toLocal(x, zone), unit, k[i]), zone) : addUnits(x, unit, k[i]);
    }
    return { type: TS, data: out };
  },
}));

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

const extractFns: ScalarFunction[] = ['extract', 'date_part'].flatMap((name) => perText(name, [TS], Types.LONG, (a, n) => {
  const field = (constantText(a[0]) ?? '').toLowerCase() as parts.ExtractField;
  if (!parts.EXTRACT_FIELDS.includes(field)) throw SvcError.badRequest(`unsupported timestamp part: ${field}`);
  return mapTs(a[1], n, Types.LONG, (t) => parts.extract(field, t));
}));

const part = (name: string, f: (t: number) => number): ScalarFunction => ({
  kind: 'scalar', name, args: [TS], returns: Types.INT, kernel: (a, n) => mapTs(a[0], n, Types.INT, f),
});

const partFns: ScalarFunction[] = [
  part('year', parts.year), part('month', parts.month), part('day', parts.dayOfMonth), part('hour', parts.hour),
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
