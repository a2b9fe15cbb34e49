/**
 * Metadata and generator table functions: long_sequence, table_columns('t'), table_partitions('t')
 * (tables() is tables-function.ts).
 */
import { ColumnType, columnTypeName, Types } from '../../../core/data/column-type';
import { ColumnBatch } from '../../../core/data/column-batch';
import { ResultColumn } from '../../../core/data/result-set';
import { SvcError } from '../../../core/errors';
import { TableFunction, TableFunctionContext, TableFunctionShape } from '../../../core/extension/sql-function';
import { reasonOf } from '../../../core/sql/query-cancellation';
import { once, rowsBatch } from './rows-batch';
import { tablesFunction } from './tables-function';

const col = (name: string, type: ColumnType): ResultColumn => ({ name, type });
const S = Types.STRING, I = Types.INT, L = Types.LONG, B = Types.BOOLEAN, T = Types.TIMESTAMP;

function fixed(columns: ResultColumn[], rows: (c: TableFunctionContext) => (string | number | boolean | null)[][]): TableFunctionShape {
  return { columns, timestampIndex: -1, rows: (c) => once(() => rowsBatch(columns, rows(c))) };
}

function requireTable(args: readonly unknown[], positions: readonly number[], c: TableFunctionContext, fn: string): string {
  const name = args[0];
  if (typeof name !== 'string') throw SvcError.sql(positions[0] ?? 0, `${fn}(): table name expected`);
  const t = c.getTable(name);
  if (!t) throw SvcError.tableDoesNotExist(positions[0] ?? 0, name);
  return t.name;
}

const BATCH = 65536;

/** A LONG seed, exact beyond 2^53 (constants arrive as numbers or, when larger, bigints). */
function seedOf(v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  return BigInt(Math.trunc(Number(v) || 0));
}

async function* sequence(n: number, signal: AbortSignal): AsyncIterable<ColumnBatch> {
  for (let lo = 0; lo < n; lo += BATCH) {
    // A stop is an error, not the end of the sequence: its consumer must not take the rows so far for all.
    if (signal.aborted) throw reasonOf(signal);
    const k = Math.min(BATCH, n - lo);
    const data = new Float64Array(k);
    for (let i = 0; i < k; i++) data[i] = lo + i + 1;
    yield { rowCount: k, vectors: [{ type: L, data }] };
  }
}

export const longSequence: TableFunction = {
  kind: 'table', name: 'long_sequence',
  describe(args, positions): TableFunctionShape {
    const n = Number(args[0]);
    if (args.length < 1 || !Number.isFinite(n)) throw SvcError.sql(positions[0] ?? 0, 'long_sequence(): row count expected');
    const seeds = args.length >= 3 ? [seedOf(args[1]), seedOf(args[2])] as const : undefined;
    return { columns: [col('x', L)], timestampIndex: -1, seeds, rows: (c) => sequence(Math.max(0, Math.trunc(n)), c.signal) };
  },
};

/**
 * QuestDB 9.4.4 ends table_columns() with `indexType` and `indexInclude`: '' (not NULL) for a column
 * without an index. svc's one index kind is the SYMBOL bitmap index QuestDB names `BITMAP`; it covers
 * no extra columns, so `indexInclude` is always ''.
 */
function indexTypeOf(indexed: boolean): string {
  return indexed ? 'BITMAP' : '';
}

export const tableColumnsFunction: TableFunction = {
  kind: 'table', name: 'table_columns',
  describe(args, positions, context): TableFunctionShape {
    const name = requireTable(args, positions, context, 'table_columns');
    return fixed(
      [col('column', S), col('type', S), col('indexed', B), col('indexBlockCapacity', I), col('symbolCached', B), col('symbolCapacity', I),
        col('symbolTableSize', I), col('designated', B), col('upsertKey', B), col('indexType', S), col('indexInclude', S)],
      (c) => {
        const t = c.getTable(name);
        if (!t) return [];
        const dedup = new Set(t.dedupKeys.map((k) => k.toLowerCase()));
        return t.columns.map((cd, i) => {
          const sym = cd.type.tag === Types.SYMBOL.tag;
          return [cd.name, columnTypeName(cd.type), cd.indexed ?? false, cd.indexed ? (cd.indexCapacity ?? 256) : 0, sym ? (cd.symbolCached ?? true) : false,
            sym ? (cd.symbolCapacity ?? 128) : 0, sym ? c.symbolTableSize(name, i) : 0, i === t.timestampIndex, dedup.has(cd.name.toLowerCase()),
            indexTypeOf(cd.indexed === true), ''];
        });
      },
    );
  },
};

function human(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = bytes, u = 0;
  while (v >= 1024 && u < units.length - 1) { v /= 1024; u++; }
  return u === 0 ? `${v}.0 B` : `${v.toFixed(1)} ${units[u]}`;
}

export const tablePartitionsFunction: TableFunction = {
  kind: 'table', name: 'table_partitions',
  describe(args, positions, context): TableFunctionShape {
    const name = requireTable(args, positions, context, 'table_partitions');
    return fixed(
      [col('index', I), col('partitionBy', S), col('name', S), col('minTimestamp', T), col('maxTimestamp', T), col('numRows', L),
        col('diskSize', L), col('diskSizeHuman', S), col('readOnly', B), col('active', B), col('attached', B), col('detached', B), col('attachable', B),
        // QuestDB's Parquet columns (-1 when native), then svc's tier: native, parquet or cold (on an object store).
        col('isParquet', B), col('parquetFileSize', L), col('tier', S)],
      (c) => {
        const t = c.getTable(name);
        const parts = c.partitions(name);
        return parts.map((p, i) => [i, t?.partitionBy ?? 'NONE', p.name, p.minTimestamp, p.maxTimestamp, p.rowCount, p.diskSize, human(p.diskSize),
          false, i === parts.length - 1, true, false, false, p.tier === 'parquet' || p.tier === 'cold', p.parquetFileSize ?? -1, p.tier ?? 'native']);
      },
    );
  },
};

export const tableFunctions: readonly TableFunction[] = [longSequence, tablesFunction, tableColumnsFunction, tablePartitionsFunction];
