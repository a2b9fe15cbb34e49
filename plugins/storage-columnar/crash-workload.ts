/**
 * The crash test's deterministic workload: commit k holds ROWS_PER_COMMIT rows whose timestamps are a
 * permutation block (so many commits land before the newest partition and force out-of-order merges), and
 * every value is a function of the timestamp, so a reader can check each row bit for bit.
 */
import { ColumnBatch } from '../../core/data/column-batch';
import { ColumnDef } from '../../core/data/table-schema';
import { Types } from '../../core/data/column-type';
import { SymbolTable } from '../../core/data/symbol-table';
import { VectorBuilder } from '../../core/data/vector-builder';

export const ROWS_PER_COMMIT = 200;
export const CRASH_TABLE = 'crash_t';
const PRIME = 100_003;
const STEP_US = 10_000_000;

export const CRASH_COLUMNS: ColumnDef[] = [
  { name: 'ts', type: Types.TIMESTAMP }, { name: 'sym', type: Types.SYMBOL }, { name: 'd', type: Types.DOUBLE },
  { name: 'l', type: Types.LONG }, { name: 's', type: Types.VARCHAR },
];

export function commitTimestamp(k: number, j: number): number {
  return (((k * 7919) % PRIME) * ROWS_PER_COMMIT + j) * STEP_US;
}

export function expectedDouble(ts: number): number {
  return (ts % 1_000_003) / 7;
}

export function expectedLong(ts: number): bigint {
  return BigInt(ts) * 30_011n;
}

export function expectedString(ts: number): string | null {
  return ts % 7 === 0 ? null : `v${ts.toString(36)}`;
}

export function expectedSymbol(ts: number): string {
  return `s${ts % 13}`;
}

export function commitBatch(k: number, symbols: SymbolTable & { intern(v: string): number }): ColumnBatch {
  const b = CRASH_COLUMNS.map((c) => new VectorBuilder(c.type, ROWS_PER_COMMIT, c.type === Types.SYMBOL ? symbols : undefined));
  for (let j = 0; j < ROWS_PER_COMMIT; j++) {
    const ts = commitTimestamp(k, j);
    b[0].appendNumber(ts);
    b[1].appendNumber(symbols.intern(expectedSymbol(ts)));
    b[2].appendNumber(expectedDouble(ts));
    b[3].appendBigInt(expectedLong(ts));
    b[4].appendString(expectedString(ts));
  }
  return { rowCount: ROWS_PER_COMMIT, vectors: b.map((x) => x.build()) };
}
