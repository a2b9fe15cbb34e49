/**
 * A scan's visit of one Parquet partition: row group by row group, in timestamp order (or reversed), with
 * the same batches a native partition gives. With intervals, a row group whose designated-timestamp
 * statistics lie outside every interval is skipped unread, and in the others the interval's rows are found
 * by binary search on the group's timestamps, as in a native partition. Only the scanned columns' chunks are
 * read; each decoded chunk is cached (parquet-reads.ts). Symbol narrowing does not apply: every row of the
 * scanned range comes back and the caller's filter decides (ScanOptions.symbolValues).
 */
import { ColumnBatch } from '../../../core/data/column-batch';
import { TypeTag } from '../../../core/data/column-type';
import { SymbolTable } from '../../../core/data/symbol-table';
import { TimeInterval } from '../../../core/data/table-schema';
import { Vector } from '../../../core/data/vector';
import { ScanOptions } from '../../../core/extension/storage-engine';
import { PartitionState } from '../txn-state';
import { reversedVector, sliceVector } from '../vector-slice';
import { ParquetReads, TableFiles } from './parquet-reads';

export interface ParquetScan {
  readonly table: TableFiles;
  readonly reads: ParquetReads;
  /** Table column indexes, in batch order, and the reader's dictionaries per table column index. */
  readonly columns: readonly number[];
  readonly symbols: (index: number) => SymbolTable | undefined;
  readonly batchRows: number;
  readonly reverse: boolean;
  /** Finds the row ranges of a vector of designated timestamps inside the intervals (table-reader.ts). */
  readonly ranges: (ts: Vector, rows: number, intervals: readonly TimeInterval[]) => [number, number][];
}

export async function* scanParquetPartition(s: ParquetScan, p: PartitionState, options: ScanOptions): AsyncIterable<ColumnBatch> {
  const { table, reads } = s;
  const meta = table.meta;
  const file = await reads.file(table, p, options.signal);
  const tsIndex = meta.timestampIndex;
  const tsFile = tsIndex >= 0 ? file.columnMap(meta.columns)[tsIndex] : -1;
  const nanos = tsIndex >= 0 && meta.columns[tsIndex].type.tag === TypeTag.TIMESTAMP_NS;
  const intervals = options.intervals && tsIndex >= 0 ? options.intervals : undefined;
  const symbols = s.columns.map((i) => s.symbols(i));
  const order = [...Array(file.rowGroups).keys()];
  if (s.reverse) order.reverse();
  for (const g of order) {
    options.signal?.throwIfAborted();
    const rows = file.footer.rowGroups[g].rows;
    if (rows === 0) continue;
    let ranges: [number, number][] = [[0, rows]];
    if (intervals) {
      const bounds = file.int64Bounds(g, tsFile);
      const lo = bounds ? (nanos ? Math.floor(bounds[0] / 1000) : bounds[0]) : p.minTs;
      const hi = bounds ? (nanos ? Math.floor(bounds[1] / 1000) : bounds[1]) : p.maxTs;
      const touching = intervals.filter((iv) => iv.lo <= hi && iv.hi >= lo);
      if (touching.length === 0) { reads.counters.rowGroupsPruned++; continue; }
      if (!bounds || !(touching.length === 1 && touching[0].lo <= lo && touching[0].hi >= hi)) {
        const ts = await reads.vector(table, p, file, g, tsIndex, undefined, options.signal);
        ranges = s.ranges(ts, rows, touching);
        if (ranges.length === 0) continue;
      }
    }
    const vectors = await Promise.all(s.columns.map((i) => reads.vector(table, p, file, g, i, s.symbols(i), options.signal)));
    if (s.reverse) ranges.reverse();
    const step = s.batchRows;
    for (const [lo, hi] of ranges) {
      if (!s.reverse) {
        for (let a = lo; a < hi; a += step) {
          options.signal?.throwIfAborted();
          const b = Math.min(hi, a + step);
          yield { rowCount: b - a, vectors: vectors.map((v, k) => sliceVector(v, a, b, symbols[k])) };
        }
      } else {
        for (let b = hi; b > lo; b -= step) {
          options.signal?.throwIfAborted();
          const a = Math.max(lo, b - step);
          yield { rowCount: b - a, vectors: vectors.map((v, k) => reversedVector(v, a, b, symbols[k])) };
        }
      }
    }
  }
}
