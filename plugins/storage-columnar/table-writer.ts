/**
 * The table's single writer (StorageEngine.openWriter). Rows are appended column by column into pending
 * buffers; at the table's maxUncommittedRows (or `cairo.max.uncommitted.bytes` of them) they move to disk as the writer's staged transaction, still
 * invisible, so memory stays bounded whatever the size of a request. `commit()` publishes everything
 * appended since the last commit in one `_txn` swap; `rollback()` and `close()` discard it. Holds the
 * table's writer lock until `close()`.
 *
 * A full in-order stage writes its appends and new partitions through deferred writes (file-writes.ts):
 * the rows go on into a second set of pending buffers while the thread pool copies the first set into the
 * files, and every other step (the next stage, commit, rollback, a new column, close) first waits for
 * those writes, so nothing reads, reuses or discards what is still being written.
 */
import { ColumnBatch } from '../../core/data/column-batch';
import { SymbolTable } from '../../core/data/symbol-table';
import { elementsPerRow } from '../../core/data/vector';
import { ColumnDef, TableSchema } from '../../core/data/table-schema';
import { TableReader, TableWriter } from '../../core/extension/storage-engine';
import { SvcError } from '../../core/errors';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { addTableColumns } from './add-column';
import { CommitMode } from './atomic-file';
import { ColumnCache } from './column-cache';
import { DeferredWrites } from './file-writes';
import { PendingRows } from './pending-rows';
import { upperBound } from './sort-order';
import { stageRows } from './stage-rows';
import { StagedTxn } from './staged-txn';
import { PreparedCommit, prepareCommit, publishCommit } from './table-commit';
import { TableState } from './table-state';
import { ColumnarTableReader } from './table-reader';
import { StagedViewCache } from './staged-view-cache';
import { SymbolState } from './txn-state';
import { ParquetReads } from './parquet/parquet-reads';
import { PartitionEncoding } from './parquet/partition-encoding';
import { encodeKeptParquet } from './parquet/keep-parquet';

/** Rows of a batch appended at a time (a batch of wide rows moves to disk within a piece of its byte bound). */
const BATCH_PIECE_ROWS = 65536;

export interface WriterContext {
  readonly mode: CommitMode;
  readonly cache: ColumnCache;
  readonly parquet: ParquetReads;
  readonly encoding: PartitionEncoding;
  readonly metrics: ServerMetrics;
  readonly maxNameLength: number;
  /** Pending rows move to disk once they take this many bytes, even short of maxUncommittedRows. */
  readonly maxPendingBytes: number;
}

export class ColumnarTableWriter implements TableWriter {
  private pending: PendingRows;
  /** The pending buffers of the last deferred stage (their writes may still read them); the next stage's. */
  private spare: PendingRows | undefined;
  private readonly writes = new DeferredWrites();
  private staged: StagedTxn | undefined;
  private closed = false;
  private tail: Promise<void> = Promise.resolve();

  constructor(readonly state: TableState, private readonly ctx: WriterContext) {
    this.pending = new PendingRows(state.meta.columns, state.meta.timestampIndex, state.dictionaries);
  }

  /** The current schema: `addColumn` extends it. */
  get schema(): TableSchema {
    return this.state.schema;
  }

  /** Rows appended since the last commit: those still in memory and those staged on disk. */
  get pendingRows(): number {
    return this.pending.rows + (this.staged?.rows ?? 0);
  }

  append(batch: ColumnBatch): Promise<void> {
    return this.serial(() => this.appendNow(batch));
  }

  private async appendNow(batch: ColumnBatch): Promise<void> {
    this.checkOpen();
    const max = this.state.meta.maxUncommittedRows;
    // Split large batches so rows move to disk exactly at maxUncommittedRows, and in pieces of at most
    // BATCH_PIECE_ROWS so they move at maxPendingBytes give or take a piece.
    let from = 0;
    while (from < batch.rowCount) {
      const take = Math.min(batch.rowCount - from, Math.max(1, max - this.pending.rows), BATCH_PIECE_ROWS);
      this.pending.append(from === 0 && take === batch.rowCount ? batch : sliceBatch(batch, from, from + take));
      from += take;
      if (this.pending.rows >= max || this.pending.bytes >= this.ctx.maxPendingBytes) await this.stageFull();
    }
    if (batch.rowCount === 0) this.pending.append(batch);
  }

  addColumn(column: ColumnDef): Promise<void> {
    return this.addColumns([column]);
  }

  addColumns(columns: readonly ColumnDef[]): Promise<void> {
    return this.serial(async () => {
      this.checkOpen();
      if (columns.length === 0) return;
      await this.writes.drain();
      this.spare = undefined;
      const before = this.state.txn.partitions;
      const stored = addTableColumns(this.state, columns, this.ctx.mode, this.ctx.maxNameLength);
      this.pending.addColumns(stored);
      this.staged?.columnsAdded(stored[0].id, stored.length, before);
    });
  }

  symbolTable(columnIndex: number): SymbolTable & { intern(value: string): number } {
    const col = this.state.meta.columns[columnIndex];
    const dict = col === undefined ? undefined : this.state.dictionaries.get(col.id);
    if (!dict) throw SvcError.badRequest(`not a SYMBOL column [table=${this.schema.name}, column=${columnIndex}]`);
    return dict;
  }

  commit(): Promise<void> {
    return this.serial(async () => {
      this.checkOpen();
      const prepared = await this.prepare();
      if (!prepared) return;
      publishCommit(prepared, this.ctx.mode);
      this.published();
    });
  }

  /** Removes every committed row, and every row appended so far, as part of this transaction. */
  truncate(): Promise<void> {
    return this.serial(async () => {
      this.checkOpen();
      await this.writes.drain();
      this.pending.reset();
      this.transaction().truncate();
    });
  }

  /** Moves the pending rows into the transaction on disk, still invisible to others, so `ownReader` sees them. */
  stage(): Promise<void> {
    return this.serial(async () => {
      this.checkOpen();
      await this.writes.drain();
      if (this.pending.rows === 0) return;
      await stageRows(this.state, this.transaction(), this.pending, this.ctx);
      this.pending.reset();
    });
  }

  /**
   * A reader of the committed rows plus this transaction's staged ones (rows still pending in memory are
   * not in it: `stage()` first), with the transaction's new symbol values. The transaction's folders it
   * reads stay on disk until it closes; close it before `commit()` or `rollback()`.
   */
  ownReader(): TableReader {
    this.checkOpen();
    const staged = this.staged;
    if (!staged) return new ColumnarTableReader(this.state, this.ctx.cache, this.ctx.parquet);
    const symbols: Record<string, SymbolState> = {};
    for (const c of this.state.meta.columns) {
      const d = this.state.dictionaries.get(c.id);
      if (d) symbols[c.id] = { count: d.size, bytes: 0 };
    }
    const cache = new StagedViewCache(this.ctx.cache, this.state.dir, this.state.txn.partitions);
    return new ColumnarTableReader(this.state, cache, this.ctx.parquet, { txn: { txn: this.state.txn.txn, partitions: staged.partitions, symbols }, onClose: staged.openView() });
  }

  /**
   * Stages what is pending and prepares the commit (commit-group.ts publishes it); undefined when there
   * is nothing to commit. Call inside `exclusive`.
   */
  async prepare(): Promise<PreparedCommit | undefined> {
    await this.writes.drain();
    if (this.pending.rows > 0) {
      await stageRows(this.state, this.transaction(), this.pending, this.ctx);
      this.pending.reset();
    }
    if (this.staged) await encodeKeptParquet(this.state, this.staged, this.ctx.encoding);
    if (!this.staged?.changed && !this.hasPendingSymbols()) return undefined;
    return prepareCommit(this.state, this.transaction(), this.ctx.mode);
  }

  /** After a prepared commit was published: the next transaction starts empty. */
  published(): void {
    const staged = this.staged;
    this.staged = undefined;
    if (staged?.changed) this.ctx.metrics.recordCommit(staged.rows, staged.physicallyWritten, staged.outOfOrder);
  }

  /** Runs `op` between this writer's other operations, none of which can start until it ends. */
  exclusive<T>(op: () => Promise<T>): Promise<T> {
    let result: T | undefined;
    return this.serial(async () => {
      this.checkOpen();
      result = await op();
    }).then(() => result as T);
  }

  /**
   * Pending rows reached maxUncommittedRows: they move to the staged transaction. With out-of-order rows,
   * rows within `o3MaxLag` of the newest pending timestamp stay in memory (the /imp parameter `o3MaxLag`:
   * the in-memory out-of-order buffer), so late rows merge with them before touching disk. That buffer is
   * kept only while it is at most half of maxUncommittedRows and of maxPendingBytes, which bounds memory and
   * guarantees progress.
   */
  private async stageFull(): Promise<void> {
    await this.writes.drain();
    const meta = this.state.meta;
    const p = this.pending;
    const staged = this.transaction();
    const parts = staged.partitions;
    const stagedMax = parts.length > 0 ? parts[parts.length - 1].maxTs : Number.NEGATIVE_INFINITY;
    const outOfOrder = meta.timestampIndex >= 0 && (!p.sorted || p.minTs < stagedMax);
    if (outOfOrder && meta.o3MaxLagMicros > 0) {
      p.sortInPlace();
      const cut = upperBound(p.timestamps, 0, p.rows, p.maxTs - meta.o3MaxLagMicros);
      const kept = p.rows - cut;
      if (cut > 0 && kept <= meta.maxUncommittedRows / 2 && p.bytes * (kept / p.rows) <= this.ctx.maxPendingBytes / 2) {
        await stageRows(this.state, staged, p, this.ctx, cut);
        p.dropFront(cut);
        return;
      }
    }
    await stageRows(this.state, staged, p, this.ctx, p.rows, this.writes);
    // The writes still read `p`: the next rows go into the spare, whose own writes were drained above.
    this.pending = this.spare ?? new PendingRows(meta.columns, meta.timestampIndex, this.state.dictionaries);
    this.pending.reset();
    this.spare = p;
  }

  rollback(): Promise<void> {
    return this.serial(async () => {
      this.checkOpen();
      await this.writes.settle();
      this.discard();
      this.ctx.metrics.rollbacks++;
    });
  }

  close(): Promise<void> {
    return this.serial(async () => {
      if (this.closed) return;
      if (this.pendingRows > 0 || this.staged?.changed) this.ctx.metrics.rollbacks++;
      this.closed = true;
      try {
        await this.writes.settle();
        this.discard();
      } finally {
        this.state.release();
      }
    });
  }

  private transaction(): StagedTxn {
    this.staged ??= new StagedTxn(this.state);
    return this.staged;
  }

  /**
   * Runs writer operations one at a time: staging yields to the event loop between partitions, and a
   * rollback or close arriving meanwhile (an aborted request) must wait for it, not pull rows from under it.
   */
  private serial(op: () => Promise<void>): Promise<void> {
    const run = this.tail.then(op);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private discard(): void {
    const staged = this.staged;
    this.staged = undefined;
    this.pending.reset();
    this.writes.forget();
    for (const d of this.state.dictionaries.values()) if (d.size > d.committed) d.rollback();
    staged?.discard();
  }

  private hasPendingSymbols(): boolean {
    for (const d of this.state.dictionaries.values()) if (d.size > d.committed) return true;
    return false;
  }

  private checkOpen(): void {
    if (this.closed) throw new SvcError(`table writer is closed [table=${this.schema.name}]`);
  }
}

/** Rows `lo..hi` of a batch as views (no copy). */
export function sliceBatch(batch: ColumnBatch, lo: number, hi: number): ColumnBatch {
  return {
    rowCount: hi - lo,
    vectors: batch.vectors.map((v) => {
      if (v.offsets) {
        const dims = v.type.dims ?? 1;
        return { ...v, offsets: v.offsets.subarray(lo, hi + 1), nulls: v.nulls?.subarray(lo, hi), shapes: v.shapes?.subarray(lo * dims, hi * dims) };
      }
      const per = elementsPerRow(v.type);
      return { ...v, data: v.data.subarray(lo * per, hi * per), exact: v.exact?.subarray(lo, hi) };
    }),
  };
}
