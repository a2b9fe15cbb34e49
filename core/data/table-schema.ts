/** A table's structure as storage keeps it in `_meta` and SQL binds against it. */
import { ColumnType } from './column-type';

export type PartitionBy = 'NONE' | 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
export const PARTITION_BY_VALUES: readonly PartitionBy[] = ['NONE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];

export interface ColumnDef {
  readonly name: string;
  readonly type: ColumnType;
  /** SYMBOL: declared capacity (default 128) and cache flag, as SHOW CREATE TABLE prints them. */
  readonly symbolCapacity?: number;
  readonly symbolCached?: boolean;
  /** SYMBOL: a per-key row index is kept (INDEX in DDL). */
  readonly indexed?: boolean;
  readonly indexCapacity?: number;
}

export interface TableSchema {
  /** Stable numeric id (tables().id). */
  readonly id: number;
  /** Name as created (case preserved); lookups are case-insensitive. */
  readonly name: string;
  /** Folder name under `<root>/db`. */
  readonly directoryName: string;
  readonly columns: readonly ColumnDef[];
  /** Index of the designated timestamp in `columns`, or -1. */
  readonly timestampIndex: number;
  readonly partitionBy: PartitionBy;
  readonly maxUncommittedRows: number;
  /** Out-of-order lag in microseconds. */
  readonly o3MaxLagMicros: number;
  readonly walEnabled: boolean;
  /** DEDUP UPSERT KEYS column names (empty when dedup is off); always includes the designated timestamp. */
  readonly dedupKeys: readonly string[];
}

export interface CreateTableRequest {
  readonly name: string;
  readonly columns: readonly ColumnDef[];
  /** Designated timestamp column name. */
  readonly timestamp?: string;
  readonly partitionBy?: PartitionBy;
  readonly maxUncommittedRows?: number;
  readonly o3MaxLagMicros?: number;
  readonly walEnabled?: boolean;
  readonly dedupKeys?: readonly string[];
}

export interface PartitionInfo {
  /** e.g. `2025-03-01` (DAY), `2025-03` (MONTH), `default` (NONE). */
  readonly name: string;
  readonly minTimestamp: number;
  readonly maxTimestamp: number;
  readonly rowCount: number;
  /** Bytes on the local disk (a cold partition's 0). */
  readonly diskSize: number;
  /** Where the rows live (core/extension/partition-bytes.ts); absent: native. */
  readonly tier?: 'native' | 'parquet' | 'cold';
  /** The Parquet file's bytes, for a `parquet` or `cold` partition. */
  readonly parquetFileSize?: number;
}

/** A closed interval of designated-timestamp values in µs: `lo <= ts <= hi`. */
export interface TimeInterval {
  readonly lo: number;
  readonly hi: number;
}

export function findColumn(schema: TableSchema, name: string): number {
  const lower = name.toLowerCase();
  return schema.columns.findIndex((c) => c.name.toLowerCase() === lower);
}
