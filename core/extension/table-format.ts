/**
 * An open table layout on the object store (Hive-partitioned Parquet plus table metadata, e.g. Apache
 * Iceberg), so external engines read the cold partitions without svc. At most one registration; the cold
 * tier (plugins/storage-object-store) asks it where each partition's file goes and tells it, after every
 * committed change, which files make up the table now. Errors are SvcError (store failures as the
 * ObjectStore throws them).
 */
import { TableSchema } from '../data/table-schema';
import { ParquetPartitionLocation } from './partition-bytes';

export const TableFormat = Symbol.for('svc.TableFormat');

export interface TableFormat {
  /** `iceberg`: for logs and docs. */
  readonly name: string;
  /**
   * The object key (relative to the store prefix) a partition's Parquet file is uploaded under, e.g.
   * `trades/data/ts_day=2024-01-01/2024-01-01.7.parquet`. Distinct for each partition version (`dir`), the
   * same every time for the same version, so an upload repeated after a crash writes the same object.
   */
  dataKey(schema: TableSchema, location: ParquetPartitionLocation): string;
  /**
   * Makes the table's metadata on the store list exactly `files` (the table's cold partitions, each with
   * `remote` set): new files are written first and the pointer replaced last, so a reader sees the old table
   * or the new one. Does nothing when the metadata already lists exactly these files. Called one at a time.
   */
  publish(schema: TableSchema, files: readonly ParquetPartitionLocation[], signal?: AbortSignal): Promise<void>;
}
