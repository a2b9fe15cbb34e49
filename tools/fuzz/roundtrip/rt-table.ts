/**
 * One round-trip table: `id` (LONG, the row's number), `ts` (the designated timestamp, one second per row
 * from 2024-01-01) and a column per type; row r holds value r (cycled) of every column's value list.
 */
import { Prng } from '../prng';
import { RtColumn, rtColumns } from './rt-columns';
import { RtValue, valuesOf } from './rt-values';

export interface RtTable {
  readonly name: string;
  readonly columns: readonly RtColumn[];
  /** rows[r][c]: the value of column c in row r. */
  readonly rows: readonly (readonly RtValue[])[];
}

export const BASE_MICROS = 1704067200000000n;

export function rtTable(rnd: Prng, name: string, columns: readonly RtColumn[] = rtColumns(), extra = 2): RtTable {
  const values = columns.map((c) => valuesOf(rnd, c, extra));
  const n = Math.max(...values.map((v) => v.length));
  const rows = Array.from({ length: n }, (_, r) => values.map((vs) => vs[r % vs.length]));
  return { name, columns, rows };
}

export function tsOf(row: number): bigint {
  return BASE_MICROS + BigInt(row) * 1_000_000n;
}

export function createSql(t: RtTable): string {
  return `CREATE TABLE ${t.name} (id LONG, ts TIMESTAMP, ${t.columns.map((c) => `${c.name} ${c.type}`).join(', ')}) TIMESTAMP(ts) PARTITION BY DAY`;
}
