/**
 * Moves a writer's pending rows from memory into its transaction on disk: rows are
 * sorted by designated timestamp if needed, split by partition, and each run becomes a new partition, an
 * append or a merge (partition-writes.ts), deduplicated when the table has UPSERT KEYS. Nothing becomes
 * visible: the transaction publishes later in one `_txn` swap. The step applies to the transaction only
 * once every partition is written, so a failure leaves both the transaction and the pending rows as they
 * were (bytes it wrote are past every recorded size, or in folders rollback and recovery delete).
 */
import { findColumn } from '../../core/data/table-schema';
import { CommitMode } from './atomic-file';
import { ColumnCache } from './column-cache';
import { DedupRows } from './dedup-rows';
import { FileWrites, SYNC_WRITES } from './file-writes';
import { nextPartitionFloor, partitionFloor, partitionName } from './partition-by';
import { appendToPartition, dedupRun, mergeIntoPartition, RunRows, writeNewPartition } from './partition-writes';
import { PendingRows } from './pending-rows';
import { ScratchBuffers } from './scratch-buffers';
import { lowerBound, stableSortOrder } from './sort-order';
import { stableSortOrderNanos } from './nanos-order';
import { StagedTxn } from './staged-txn';
import { TableState } from './table-state';
import { PartitionState } from './txn-state';
import { SymbolTable } from '../../core/data/symbol-table';
import { ParquetReads } from './parquet/parquet-reads';
import { writePartitionNative } from './parquet/partition-to-native';

interface Run { readonly floor: number; readonly lo: number; readonly hi: number }

/**
 * Rows written between two yields to the event loop: a long out-of-order merge does not stall other
 * requests, while a small commit over many partitions (a line-protocol request, say) does not wait
 * behind other work once per partition.
 */
const YIELD_ROWS = 65536;

export interface StageContext {
  readonly mode: CommitMode;
  readonly cache: ColumnCache;
  /** Reads of Parquet partitions: a write into one first rewrites it in native form in the transaction. */
  readonly parquet: ParquetReads;
}

/**
 * Stages the first `rowLimit` pending rows (all by default; a limit requires sorted pending rows). Yields
 * to the event loop between partitions once YIELD_ROWS rows were written since the last yield. Appends and
 * new partitions write through `files`: deferred writes keep reading `pending`'s buffers after the return.
 */
export async function stageRows(state: TableState, staged: StagedTxn, pending: PendingRows, ctx: StageContext,
  rowLimit = pending.rows, files: FileWrites = SYNC_WRITES): Promise<void> {
  const meta = state.meta;
  const n = rowLimit;
  const parts = [...staged.partitions];
  const lastMax = parts.length > 0 ? parts[parts.length - 1].maxTs : Number.NEGATIVE_INFINITY;
  const hasTs = meta.timestampIndex >= 0;
  const outOfOrder = hasTs && (!pending.sorted || (n > 0 && pending.timestamps[0] < lastMax) || pending.minTs < lastMax);
  let columns = pending.columns;
  let ts = pending.timestamps;
  let sub = pending.subs;
  if (hasTs && !pending.sorted) {
    const order = sub ? stableSortOrderNanos(ts, sub, n) : stableSortOrder(ts, n);
    columns = columns.map((c) => c.gather(order, n));
    const sortedTs = new Float64Array(n);
    for (let i = 0; i < n; i++) sortedTs[i] = ts[order[i]];
    ts = sortedTs;
    if (sub) {
      const sortedSub = new Uint16Array(n);
      for (let i = 0; i < n; i++) sortedSub[i] = sub[order[i]];
      sub = sortedSub;
    }
  }
  const dedup = hasTs && meta.dedupKeys.length > 0 ? dedupRowsOf(state) : undefined;
  const superseded: string[] = [];
  const scratch = new ScratchBuffers();
  let physical = 0;
  const runs = splitRuns(state, ts, n);
  let sinceYield = 0;
  for (const run of runs) {
    if (sinceYield >= YIELD_ROWS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sinceYield = 0;
    }
    const before = physical;
    let rows: RunRows = { columns, ts, sub, lo: run.lo, hi: run.hi };
    const at = parts.findIndex((p) => p.floor === run.floor);
    let current: PartitionState | undefined = parts[at];
    if (current?.parquet) {
      // Rows into a Parquet partition: its native form joins the transaction and takes the rows as any
      // native partition does; the commit encodes it back to Parquet (table-writer.ts).
      const dir = staged.newFolder(current.name);
      const dicts = (i: number): SymbolTable | undefined => state.dictionaries.get(meta.columns[i]?.id ?? -1);
      const native = await writePartitionNative(ctx.parquet, { dir: state.dir, meta }, current, dir, dicts, ctx.mode);
      staged.keepParquet.add(current.name);
      superseded.push(current.dir);
      parts[at] = native;
      current = native;
    }
    // Partition bounds are µs: with TIMESTAMP_NS an equal µs may still hold a later nanosecond, so it merges.
    const inOrder = current !== undefined && (!hasTs || current.maxTs < ts[run.lo] || (!dedup && !sub && current.maxTs === ts[run.lo]));
    if (current !== undefined && !inOrder) {
      const [merged, written] = mergeIntoPartition(state, staged, current, rows, ctx.mode, ctx.cache, scratch, dedup);
      parts[at] = merged;
      superseded.push(current.dir);
      physical += written;
      sinceYield += physical - before;
      continue;
    }
    if (dedup) rows = dedupRun(rows, dedup);
    physical += rows.hi - rows.lo;
    if (current !== undefined) {
      parts[at] = appendToPartition(state, current, rows, ctx.mode, files);
    } else {
      parts.push(writeNewPartition(state, staged, partitionName(meta.partitionBy, run.floor), run.floor, rows, ctx.mode, files));
      parts.sort((a, b) => a.floor - b.floor);
    }
    sinceYield += physical - before;
  }
  staged.apply({ partitions: parts, superseded, rows: n, physicallyWritten: physical, outOfOrder });
}

function splitRuns(state: TableState, ts: Float64Array, n: number): Run[] {
  const { partitionBy, timestampIndex } = state.meta;
  if (timestampIndex < 0) return n > 0 ? [{ floor: 0, lo: 0, hi: n }] : [];
  const runs: Run[] = [];
  for (let i = 0; i < n;) {
    const floor = partitionFloor(partitionBy, ts[i]);
    const hi = lowerBound(ts, i, n, nextPartitionFloor(partitionBy, floor));
    runs.push({ floor, lo: i, hi });
    i = hi;
  }
  return runs;
}

function dedupRowsOf(state: TableState): DedupRows {
  const keys = state.meta.dedupKeys.map((k) => findColumn(state.schema, k)).filter((k) => k >= 0 && k !== state.meta.timestampIndex);
  return new DedupRows(keys);
}
