/**
 * What a compiled query produces for a serializer (/exec JSON, /exp CSV and Parquet, user formats).
 */
import { ColumnBatch } from './column-batch';
import { ColumnType } from './column-type';

export interface ResultColumn {
  readonly name: string;
  readonly type: ColumnType;
}

export interface ResultSet {
  readonly columns: readonly ResultColumn[];
  /** Index of the designated timestamp in `columns`, or -1. */
  readonly timestampIndex: number;
  /**
   * The rows, in result order, as batches. Iterate once; breaking out of the loop releases the
   * query's resources (readers, memory). Throws SvcError on a runtime error, and
   * `SvcError` with the cancellation/timeout message when the query's signal aborts.
   */
  batches(): AsyncIterable<ColumnBatch>;
}
