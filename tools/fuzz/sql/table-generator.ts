/**
 * Random tables for the SQL fuzzer. Every table has `id` (LONG, unique, in row order: it breaks ties so
 * that ORDER BY can decide an order fully); most have a designated timestamp `ts` with ties, gaps of days
 * (one-row and missing partitions) and a PARTITION BY; then 3 to 9 columns of random types and profiles.
 * Row counts run from 0 to 400, so empty and one-row tables come up often.
 */
import { Prng } from '../prng';
import { FuzzTypeName, isString, Value } from './fuzz-types';
import { Profile, ValueGenerator } from './value-generator';

export type PartitionBy = 'NONE' | 'HOUR' | 'DAY' | 'MONTH' | 'YEAR';

export interface FuzzColumn {
  readonly name: string;
  readonly type: FuzzTypeName;
  readonly profile: Profile;
  /** The column's text never leaves the BMP (positional string functions may read it). */
  readonly bmpOnly: boolean;
}

export interface FuzzTable {
  readonly name: string;
  readonly columns: readonly FuzzColumn[];
  /** Rows in storage order (by `ts`, then as inserted), one value per column. */
  readonly rows: readonly (readonly Value[])[];
  readonly designated: boolean;
  readonly partitionBy: PartitionBy;
  /** INSERT statements per batch (several commits, some out of order). */
  readonly batches: readonly (readonly number[])[];
}

const COLUMN_TYPES: readonly (readonly [FuzzTypeName, number])[] = [
  ['INT', 4], ['LONG', 3], ['DOUBLE', 4], ['SYMBOL', 4], ['VARCHAR', 2], ['STRING', 2], ['SHORT', 1], ['BYTE', 1],
  ['FLOAT', 1], ['BOOLEAN', 1], ['TIMESTAMP', 2], ['DATE', 1], ['TIMESTAMP_NS', 1], ['UUID', 1], ['DECIMAL', 1],
];

const PREFIX: Record<FuzzTypeName, string> = {
  BOOLEAN: 'b', BYTE: 'by', SHORT: 'sh', INT: 'i', LONG: 'l', FLOAT: 'f', DOUBLE: 'd', SYMBOL: 's', VARCHAR: 'v',
  STRING: 'st', CHAR: 'c', TIMESTAMP: 't', DATE: 'dt', TIMESTAMP_NS: 'tn', UUID: 'u', DECIMAL: 'dec',
};

const HOUR = 3_600_000_000n;

/** A join key column every table of a world has, with the values they share. */
export interface KeyColumn {
  readonly type: FuzzTypeName;
  readonly pool: readonly Value[];
}

export function generateTable(rnd: Prng, name: string, keys: readonly KeyColumn[] = []): FuzzTable {
  const values = new ValueGenerator(rnd);
  const designated = rnd.chance(0.8);
  const partitionBy: PartitionBy = designated ? rnd.weighted<PartitionBy>([['DAY', 4], ['HOUR', 2], ['MONTH', 1], ['YEAR', 1], ['NONE', 1]]) : 'NONE';
  const columns: FuzzColumn[] = [{ name: 'id', type: 'LONG', profile: 'small', bmpOnly: true }];
  if (designated) columns.push({ name: 'ts', type: 'TIMESTAMP', profile: 'small', bmpOnly: true });
  // Join keys shared by every table of a world, so joins match rows.
  keys.forEach((k, i) => columns.push({ name: `k${i}`, type: k.type, profile: 'pool', bmpOnly: true }));
  const extra = rnd.int(3, 9);
  for (let i = 0; i < extra; i++) {
    const type = rnd.weighted(COLUMN_TYPES);
    const profile = rnd.weighted<Profile>([['edge', 3], ['small', 2], ['pool', type === 'SYMBOL' ? 4 : 2]]);
    columns.push({ name: `${PREFIX[type]}${i}`, type, profile, bmpOnly: !isString(type) || rnd.chance(0.5) });
  }
  const pools = columns.map((c) => (c.name.startsWith('k') ? keys[Number(c.name.slice(1))].pool : poolFor(rnd, values, c)));
  const n = rnd.weighted<number>([[0, 1], [1, 2], [rnd.int(2, 10), 5], [rnd.int(10, 100), 8], [rnd.int(100, 400), 4]]);
  const nullRate = rnd.pick([0, 0.05, 0.2, 0.5]);
  const times = designated ? timestamps(rnd, n) : [];
  const rows: Value[][] = [];
  for (let r = 0; r < n; r++) {
    rows.push(columns.map((c, ci) => {
      if (c.name === 'id') return BigInt(r);
      if (c.name === 'ts') return times[r];
      const v = values.value(c.type, c.profile, c.profile === 'pool' ? nullRate / 2 : nullRate, pools[ci]);
      return c.bmpOnly && typeof v === 'string' && /[\u{10000}-\u{10ffff}]/u.test(v) ? v.replace(/[\u{10000}-\u{10ffff}]/gu, 'q') : v;
    }));
  }
  return { name, columns, rows, designated, partitionBy, batches: batches(rnd, times, n) };
}

/** The distinct values of a `pool` column: a few for keys, up to 500 for "many symbols". */
export function poolFor(rnd: Prng, values: ValueGenerator, c: Pick<FuzzColumn, 'type' | 'profile'>, size?: number): Value[] {
  if (c.profile !== 'pool') return [];
  size ??= rnd.weighted<number>([[rnd.int(1, 5), 3], [rnd.int(5, 40), 3], [rnd.int(100, 500), 1]]);
  const out = new Set<Value>();
  for (let i = 0; i < size * 3 && out.size < size; i++) out.add(values.fresh(c.type, rnd.chance(0.2), size < 40));
  return [...out].filter((v) => !(typeof v === 'number' && Number.isNaN(v)));
}

/** Non-decreasing designated timestamps: ties, steps of seconds to hours, and gaps of days to months. */
function timestamps(rnd: Prng, n: number): bigint[] {
  let t = 1704067200000000n + BigInt(rnd.int(0, 1000)) * HOUR;
  const out: bigint[] = [];
  for (let i = 0; i < n; i++) {
    out.push(t);
    const step = rnd.weighted<string>([['tie', 2], ['us', 2], ['sec', 3], ['hour', 3], ['day', 2], ['month', 1]]);
    if (step === 'us') t += BigInt(rnd.int(1, 999));
    else if (step === 'sec') t += BigInt(rnd.int(1, 3600)) * 1_000_000n;
    else if (step === 'hour') t += BigInt(rnd.int(1, 30)) * HOUR + BigInt(rnd.int(0, 999_999));
    else if (step === 'day') t += BigInt(rnd.int(1, 10)) * 24n * HOUR;
    else if (step === 'month') t += BigInt(rnd.int(28, 400)) * 24n * HOUR;
  }
  return out;
}

/**
 * The rows of each INSERT: one batch, or several; with a designated timestamp a later batch may hold earlier
 * rows (svc merges them out of order), but rows with equal timestamps stay in one batch, in order, so the
 * storage order of ties is the generated order.
 */
function batches(rnd: Prng, times: readonly bigint[], n: number): number[][] {
  const all = Array.from({ length: n }, (_, i) => i);
  if (n < 4 || rnd.chance(0.4)) return [all];
  const count = rnd.int(2, 4);
  const cuts = [...new Set(Array.from({ length: count - 1 }, () => rnd.int(1, n - 1)))]
    .filter((c) => times.length === 0 || times[c - 1] !== times[c]).sort((a, b) => a - b);
  const parts: number[][] = [];
  let lo = 0;
  for (const c of [...cuts, n]) {
    parts.push(all.slice(lo, c));
    lo = c;
  }
  return times.length > 0 && rnd.chance(0.3) ? parts.reverse() : parts;
}

/** The same table with only some of its rows (the minimiser's shrinking step), under another name. */
export function withRows(table: FuzzTable, name: string, keep: readonly number[]): FuzzTable {
  const rows = keep.map((i) => table.rows[i]);
  return { ...table, name, rows, batches: [rows.map((_, i) => i)] };
}
