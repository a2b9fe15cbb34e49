/**
 * The three ways rows reach a partition inside a transaction: a new partition folder, an append past
 * the partition's current size (in order), or a merge that rewrites the partition into a new folder
 * version. Each returns the partition's new state; nothing here publishes anything. The first two may
 * write through deferred `files` (file-writes.ts); a merge reads the partition and writes synchronously.
 */
import { join } from 'node:path';
import { CommitMode, syncDirectory } from './atomic-file';
import { ColumnCache } from './column-cache';
import { DedupRows } from './dedup-rows';
import { FileWrites, SYNC_WRITES } from './file-writes';
import { mergeColumns } from './merge-columns';
import { columnTop, loadRaw, loadVector, readVector, writeColumnRows } from './partition-files';
import { RawColumn } from './raw-column';
import { ScratchBuffers } from './scratch-buffers';
import { lowerBound, mergeOrder, upperBound } from './sort-order';
import { lowerBoundNanos, mergeOrderNanos, upperBoundNanos } from './nanos-order';
import { splitInt64Nanos } from '../../core/data/nanos-split';
import { StagedTxn } from './staged-txn';
import { TableState } from './table-state';
import { PartitionState } from './txn-state';

/** Rows `lo..hi` of sorted columns (timestamps in `ts`) that fall into one partition. */
export interface RunRows {
  readonly columns: readonly RawColumn[];
  readonly ts: Float64Array;
  /** TIMESTAMP_NS: ns within each µs of `ts` (nanos-order.ts); undefined for TIMESTAMP. */
  readonly sub?: Uint16Array;
  readonly lo: number;
  readonly hi: number;
}

export function writeNewPartition(state: TableState, staged: StagedTxn, name: string, floor: number, run: RunRows, mode: CommitMode,
  files: FileWrites = SYNC_WRITES): PartitionState {
  const hasTs = state.meta.timestampIndex >= 0;
  const p: PartitionState = {
    name, floor, dir: staged.newFolder(name), rows: run.hi - run.lo, tops: {}, varBytes: {},
    minTs: hasTs ? run.ts[run.lo] : 0, maxTs: hasTs ? run.ts[run.hi - 1] : 0,
  };
  const varBytes: Record<string, number> = {};
  state.meta.columns.forEach((c, i) => {
    const w = writeColumnRows(state.dir, p, c, run.columns[i], run.lo, run.hi, 0, 0, mode, files);
    if (run.columns[i].isVar) varBytes[c.id] = w.dataBytes;
  });
  if (mode === 'sync') syncDirectory(join(state.dir, p.dir));
  return { ...p, varBytes };
}

export function appendToPartition(state: TableState, p: PartitionState, run: RunRows, mode: CommitMode, files: FileWrites = SYNC_WRITES): PartitionState {
  const varBytes: Record<string, number> = { ...p.varBytes };
  state.meta.columns.forEach((c, i) => {
    const stored = p.rows - columnTop(p, c);
    const w = writeColumnRows(state.dir, p, c, run.columns[i], run.lo, run.hi, stored, p.varBytes[c.id] ?? 0, mode, files);
    if (run.columns[i].isVar) varBytes[c.id] = w.dataBytes;
  });
  const maxTs = state.meta.timestampIndex >= 0 ? Math.max(p.maxTs, run.ts[run.hi - 1]) : p.maxTs;
  return { ...p, rows: p.rows + run.hi - run.lo, maxTs, varBytes };
}

/**
 * Rewrites a partition with the run merged in timestamp order, as a new folder version. Rows before the
 * first new timestamp keep their place and are written as they are; only the rest is merged, so late rows
 * near the end of a partition cost little CPU. Ties keep older rows first; with deduplication rows equal
 * to the first new timestamp join the merge, so a new row can replace them. Returns the partition and
 * the rows written by the merge.
 */
export function mergeIntoPartition(state: TableState, staged: StagedTxn, old: PartitionState, run: RunRows, mode: CommitMode,
  cache: ColumnCache, scratch: ScratchBuffers, dedup: DedupRows | undefined): [PartitionState, number] {
  const cols = state.meta.columns;
  const tsColumn = cols[state.meta.timestampIndex];
  // Only a committed partition's files may enter the cache: a staged one can still be rolled back.
  const { ts, sub, lo } = run;
  const n = run.hi - lo;
  let oldTs: Float64Array;
  let oldSub: Uint16Array | undefined;
  let keep: number;
  let order: Uint32Array;
  if (sub) {
    [oldTs, oldSub] = splitNanosColumn(loadRaw(state.dir, old, tsColumn), old.rows);
    keep = dedup ? lowerBoundNanos(oldTs, oldSub, 0, old.rows, ts[lo], sub[lo]) : upperBoundNanos(oldTs, oldSub, 0, old.rows, ts[lo], sub[lo]);
    order = mergeOrderNanos(oldTs.subarray(keep), oldSub.subarray(keep), old.rows - keep, ts, sub, lo, n);
  } else {
    oldTs = (staged.isCommitted(old) ? loadVector(cache, state.dir, old, tsColumn) : readVector(state.dir, old, tsColumn)).data as Float64Array;
    keep = dedup ? lowerBound(oldTs, 0, old.rows, ts[lo]) : upperBound(oldTs, 0, old.rows, ts[lo]);
    order = mergeOrder(oldTs.subarray(keep), old.rows - keep, ts, lo, n);
  }
  const m = old.rows - keep;
  if (dedup) {
    const oldKeys = dedup.keys.map((k) => loadRaw(state.dir, old, cols[k]));
    const addKeys = dedup.keys.map((k) => run.columns[k]);
    order = dedup.filter({ order, m, oldTs, oldSub, from: keep, old: oldKeys, newTs: ts, newSub: sub, lo, add: addKeys });
  }
  const fresh: PartitionState = {
    ...old, dir: staged.newFolder(old.name), rows: 0, tops: {}, varBytes: {},
    minTs: Math.min(old.minTs, ts[lo]), maxTs: Math.max(old.maxTs, ts[run.hi - 1]),
  };
  const varBytes: Record<string, number> = {};
  cols.forEach((c, i) => {
    const raw = loadRaw(state.dir, old, c, scratch);
    const heap = writeColumnRows(state.dir, fresh, c, raw, 0, keep, 0, 0, mode).dataBytes;
    const merged = mergeColumns(raw, keep, run.columns[i], lo, n, order, scratch);
    const w = writeColumnRows(state.dir, fresh, c, merged, 0, merged.rows, keep, heap, mode);
    if (merged.isVar) varBytes[c.id] = w.dataBytes;
  });
  if (mode === 'sync') syncDirectory(join(state.dir, fresh.dir));
  return [{ ...fresh, rows: keep + order.length, varBytes }, order.length];
}

/** A TIMESTAMP_NS column's committed rows as (µs, ns within the µs) keys. */
function splitNanosColumn(raw: RawColumn, rows: number): [Float64Array, Uint16Array] {
  const ts = new Float64Array(rows);
  const sub = new Uint16Array(rows);
  const bytes = raw.bytes.byteOffset % 4 === 0 ? raw.bytes : raw.bytes.slice(0, rows * 8);
  splitInt64Nanos(new Int32Array(bytes.buffer, bytes.byteOffset, rows * 2), 0, rows, ts, sub, 0);
  return [ts, sub];
}

/** A run without the rows that later rows of the same run replace (deduplication without old rows). */
export function dedupRun(run: RunRows, dedup: DedupRows): RunRows {
  const n = run.hi - run.lo;
  const identity = new Uint32Array(n);
  for (let i = 0; i < n; i++) identity[i] = i;
  const order = dedup.filter({
    order: identity, m: 0, oldTs: run.ts, from: 0, old: [], newTs: run.ts, newSub: run.sub, lo: run.lo, add: dedup.keys.map((k) => run.columns[k]),
  });
  if (order.length === n) return run;
  const rows = new Uint32Array(order.length);
  const ts = new Float64Array(order.length);
  const sub = run.sub ? new Uint16Array(order.length) : undefined;
  for (let i = 0; i < order.length; i++) {
    rows[i] = run.lo + order[i];
    ts[i] = run.ts[rows[i]];
    if (sub && run.sub) sub[i] = run.sub[rows[i]];
  }
  return { columns: run.columns.map((c) => c.gather(rows, rows.length)), ts, sub, lo: 0, hi: rows.length };
}
