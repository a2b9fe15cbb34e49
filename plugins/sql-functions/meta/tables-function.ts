/**
 * `tables()`: one row per table with QuestDB 9.4.4's 45 columns in its order — the 12 base columns, then
 * the table metrics (`table_*`), the WAL metrics (`wal_*`) and the replica metrics (`replica_*`) the web
 * console's table details read. The figures come from the committed state: row count, designated
 * timestamp range (µs, as QuestDB converts a TIMESTAMP_NS table's), the last commit's time and number.
 * svc applies every write when it commits, so a WAL table is never behind: nothing pending, the sequencer
 * at the writer's transaction, no memory pressure, no table suspended. What svc does not measure (write
 * amplification, merge throughput, transaction sizes, replication) reads as QuestDB reads it for a table
 * with no recorded writes: zero.
 */
import { ColumnType, TypeTag, Types } from '../../../core/data/column-type';
import { ResultColumn } from '../../../core/data/result-set';
import { TableSchema } from '../../../core/data/table-schema';
import { TableFunction, TableFunctionContext } from '../../../core/extension/sql-function';
import { SqlValue } from '../../../core/sql/vector/sql-value';
import { once, rowsBatch } from './rows-batch';

const S = Types.STRING, I = Types.INT, L = Types.LONG, B = Types.BOOLEAN, T = Types.TIMESTAMP, D = Types.DOUBLE;
const col = (name: string, type: ColumnType): ResultColumn => ({ name, type });
const percentiles = (prefix: string, type: ColumnType): ResultColumn[] =>
  ['count', 'p50', 'p90', 'p99', 'max'].map((s) => col(`${prefix}_${s}`, s === 'count' ? L : type));

export const TABLES_COLUMNS: readonly ResultColumn[] = [
  col('id', I), col('table_name', S), col('designatedTimestamp', S), col('partitionBy', S), col('walEnabled', B), col('dedup', B),
  col('ttlValue', I), col('ttlUnit', S), col('matView', B), col('directoryName', S), col('maxUncommittedRows', I), col('o3MaxLag', L),
  col('table_suspended', B), col('table_type', Types.CHAR), col('table_row_count', L), col('table_min_timestamp', T),
  col('table_max_timestamp', T), col('table_last_write_timestamp', T), col('table_txn', L), col('table_memory_pressure_level', I),
  ...percentiles('table_write_amp', D), ...percentiles('table_merge_rate', L),
  col('wal_pending_row_count', L), col('wal_dedup_row_count_since_start', L), col('wal_txn', L), col('wal_max_timestamp', T),
  col('wal_tx_count', L), col('wal_tx_size_p50', L), col('wal_tx_size_p90', L), col('wal_tx_size_p99', L), col('wal_tx_size_max', L),
  col('replica_batch_count', L), col('replica_batch_size_p50', L), col('replica_batch_size_p90', L), col('replica_batch_size_p99', L),
  col('replica_batch_size_max', L), col('replica_more_pending', B),
];

/** A table's committed row count and designated-timestamp range (µs; null without rows or a designated timestamp). */
function committedFigures(t: TableSchema, c: TableFunctionContext): { rows: number; min: number | null; max: number | null } {
  const parts = c.partitions(t.name);
  let rows = 0, min = Infinity, max = -Infinity;
  for (const p of parts) {
    if (p.rowCount === 0) continue;
    rows += p.rowCount;
    min = Math.min(min, p.minTimestamp);
    max = Math.max(max, p.maxTimestamp);
  }
  if (t.timestampIndex < 0 || rows === 0) return { rows, min: null, max: null };
  const nanos = t.columns[t.timestampIndex].type.tag === TypeTag.TIMESTAMP_NS;
  return nanos ? { rows, min: Math.floor(min / 1000), max: Math.floor(max / 1000) } : { rows, min, max };
}

function tableRow(t: TableSchema, c: TableFunctionContext): SqlValue[] {
  const { rows, min, max } = committedFigures(t, c);
  const txn = c.committedTxn?.(t.name) ?? 0;
  const wal = t.walEnabled;
  return [
    t.id, t.name, t.timestampIndex >= 0 ? t.columns[t.timestampIndex].name : null, t.partitionBy, wal, t.dedupKeys.length > 0,
    0, 'HOUR', false, t.directoryName, t.maxUncommittedRows, t.o3MaxLagMicros,
    false, 'T', rows, min, max, c.lastCommitMicros?.(t.name) ?? null, txn, wal ? 0 : null,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, wal ? txn : null, wal ? max : null, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, false,
  ];
}

export const tablesFunction: TableFunction = {
  kind: 'table', name: 'tables',
  describe: () => ({
    columns: TABLES_COLUMNS, timestampIndex: -1,
    rows: (c) => once(() => rowsBatch(TABLES_COLUMNS, c.listTables().map((t) => tableRow(t, c)))),
  }),
};
