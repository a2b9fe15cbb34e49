/**
 * A commit: pending rows are sorted by designated timestamp if needed, split by
 * partition, appended to partitions whose rows are all older, or merged with a partition's rows into a
 * new folder version; symbol dictionaries grow; then `_txn` is atomically replaced. Only after that does
 * the in-memory state change, so an exception leaves the committed state untouched.
 */
import { mkdirSync, constants, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ColumnCache } from './column-cache';
import { CommitMode, finishFile, syncDirectory } from './atomic-file';
import { nextPartitionFloor, partitionFloor, partitionName } from './partition-by';
import { columnTop, loadRaw, loadVector, writeColumnRows } from './partition-files';
import { mergeColumns } from './merge-columns';
import { PendingRows } from './pending-rows';
import { RawColumn } from './raw-column';
import { ScratchBuffers } from './scratch-buffers';
import { lowerBound, mergeOrder, stableSortOrder, upperBound } from './sort-order';
import { TableState } from './table-state';
import { PartitionState, SymbolState, TxnState, writeTxn } from './txn-state';

export interface CommitResult {
  readonly rows: number;
  readonly physicallyWritten: number;
  readonly outOfOrder: boolean;
}

interface Run { readonly floor: number; readonly lo: number; readonly hi: number }

/**
 * Commits the first `rowLimit` pending rows (all by default; a limit requires sorted pending rows).
 * Yields to the event loop between partitions so a long out-of-order merge does not stall requests;
 * that is safe because nothing becomes visible before `_txn` is replaced and the writer lock is held.
 */
export async function commitPending(state: TableState, pending: PendingRows, mode: CommitMode, cache: ColumnCache,
  rowLimit = pending.rows): Promise<CommitResult> {
  const meta = state.meta;
  const n = rowLimit;
  const txnNo = state.txn.txn + 1;
  const parts = [...state.txn.partitions];
  const lastMax = parts.length > 0 ? parts[parts.length - 1].maxTs : Number.NEGATIVE_INFINITY;
  const hasTs = meta.timestampIndex >= 0;
  const outOfOrder = hasTs && (!pending.sorted || (n > 0 && pending.timestamps[0] < lastMax) || pending.minTs < lastMax);
  let columns = pending.columns;
  let ts = pending.timestamps;
  if (hasTs && !pending.sorted) {
    const order = stableSortOrder(ts, n);
    columns = columns.map((c) => c.gather(order, n));
    const sortedTs = new Float64Array(n);
    for (let i = 0; i < n; i++) sortedTs[i] = ts[order[i]];
    ts = sortedTs;
  }
  const runs: Run[] = [];
  if (!hasTs) {
    runs.push({ floor: 0, lo: 0, hi: n });
  } else {
    for (let i = 0; i < n;) {
      const floor = partitionFloor(meta.partitionBy, ts[i]);
      const hi = lowerBound(ts, i, n, nextPartitionFloor(meta.partitionBy, floor));
      runs.push({ floor, lo: i, hi });
      i = hi;
    }
  }
  const retired: string[] = [];
  const scratch = new ScratchBuffers();
  let physical = 0;
  for (const run of runs) {
    if (runs.length > 1) await new Promise<void>((resolve) => setImmediate(resolve));
    const at = parts.findIndex((p) => p.floor === run.floor);
    const minTs = hasTs ? ts[run.lo] : 0;
    const maxTs = hasTs ? ts[run.hi - 1] : 0;
    if (at < 0) {
      const name = partitionName(meta.partitionBy, run.floor);
      const fresh: PartitionState = { name, floor: run.floor, dir: `${name}.${txnNo}`, rows: 0, minTs, maxTs, tops: {}, varBytes: {} };
      parts.push(writeFolder(state, fresh, columns, run.lo, run.hi, mode));
      parts.sort((a, b) => a.floor - b.floor);
      physical += run.hi - run.lo;
    } else if (!hasTs || parts[at].maxTs <= minTs) {
      parts[at] = appendToPartition(state, parts[at], columns, run, maxTs, mode);
      physical += run.hi - run.lo;
    } else {
      const old = parts[at];
      const [merged, rewritten] = mergeIntoPartition(state, old, columns, ts, run, txnNo, mode, cache, scratch);
      parts[at] = merged;
      retired.push(join(state.dir, old.dir));
      physical += rewritten;
    }
  }
  const symbols = writeSymbols(state, mode);
  if (mode === 'sync') syncDirectory(state.dir);
  const next: TxnState = { txn: txnNo, partitions: parts, symbols };
  writeTxn(join(state.dir, '_txn'), next, mode);
  state.txn = next;
  for (const c of meta.columns) state.dictionaries.get(c.id)?.markCommitted(symbols[c.id].bytes);
  state.retire(txnNo, retired);
  return { rows: n, physicallyWritten: physical, outOfOrder };
}

function writeFolder(state: TableState, p: PartitionState, columns: readonly RawColumn[], lo: number, hi: number, mode: CommitMode): PartitionState {
  mkdirSync(join(state.dir, p.dir), { recursive: true });
  const varBytes: Record<string, number> = {};
  state.meta.columns.forEach((c, i) => {
    const w = writeColumnRows(state.dir, p, c, columns[i], lo, hi, 0, 0, mode);
    if (columns[i].isVar) varBytes[c.id] = w.dataBytes;
  });
  if (mode === 'sync') syncDirectory(join(state.dir, p.dir));
  return { ...p, rows: hi - lo, tops: {}, varBytes };
}

function appendToPartition(state: TableState, p: PartitionState, columns: readonly RawColumn[], run: Run, maxTs: number, mode: CommitMode): PartitionState {
  const varBytes: Record<string, number> = { ...p.varBytes };
  state.meta.columns.forEach((c, i) => {
    const stored = p.rows - columnTop(p, c);
    const w = writeColumnRows(state.dir, p, c, columns[i], run.lo, run.hi, stored, p.varBytes[c.id] ?? 0, mode);
    if (columns[i].isVar) varBytes[c.id] = w.dataBytes;
  });
  return { ...p, rows: p.rows + run.hi - run.lo, maxTs: Math.max(p.maxTs, maxTs), varBytes };
}

/**
 * Rewrites a partition with the run merged in timestamp order, as a new folder version. Committed rows up
 * to the first new timestamp keep their place and are written as they are; only the rest is merged, so
 * late rows near the end of a partition cost little CPU.
 */
function mergeIntoPartition(state: TableState, old: PartitionState, columns: readonly RawColumn[], ts: Float64Array, run: Run,
  txnNo: number, mode: CommitMode, cache: ColumnCache, scratch: ScratchBuffers): [PartitionState, number] {
  const cols = state.meta.columns;
  const oldTs = loadVector(cache, state.dir, old, cols[state.meta.timestampIndex]).data as Float64Array;
  const n = run.hi - run.lo;
  // Ties keep committed rows first, so rows equal to the first new timestamp stay in the prefix.
  const keep = upperBound(oldTs, 0, old.rows, ts[run.lo]);
  const order = mergeOrder(oldTs.subarray(keep), old.rows - keep, ts, run.lo, n);
  const fresh: PartitionState = {
    ...old, dir: `${old.name}.${txnNo}`, rows: 0, tops: {}, varBytes: {},
    minTs: Math.min(old.minTs, ts[run.lo]), maxTs: Math.max(old.maxTs, ts[run.hi - 1]),
  };
  mkdirSync(join(state.dir, fresh.dir), { recursive: true });
  const varBytes: Record<string, number> = {};
  cols.forEach((c, i) => {
    const raw = loadRaw(state.dir, old, c, scratch);
    const heap = writeColumnRows(state.dir, fresh, c, raw, 0, keep, 0, 0, mode).dataBytes;
    const merged = mergeColumns(raw, keep, columns[i], run.lo, order, scratch);
    const w = writeColumnRows(state.dir, fresh, c, merged, 0, merged.rows, keep, heap, mode);
    if (merged.isVar) varBytes[c.id] = w.dataBytes;
  });
  if (mode === 'sync') syncDirectory(join(state.dir, fresh.dir));
  return [{ ...fresh, rows: old.rows + n, varBytes }, old.rows + n - keep];
}

function writeSymbols(state: TableState, mode: CommitMode): Record<string, SymbolState> {
  const out: Record<string, SymbolState> = { ...state.txn.symbols };
  for (const c of state.meta.columns) {
    const dict = state.dictionaries.get(c.id);
    if (!dict) continue;
    let bytes = dict.committedBytes;
    if (dict.size > dict.committed) {
      const entries = dict.pendingEntries();
      const fd = openSync(join(state.dir, `${c.file}.sym`), constants.O_RDWR | constants.O_CREAT);
      try {
        let done = 0;
        while (done < entries.length) done += writeSync(fd, entries, done, entries.length - done, bytes + done);
      } finally {
        finishFile(fd, mode);
      }
      bytes += entries.length;
    }
    out[c.id] = { count: dict.size, bytes };
  }
  return out;
}
