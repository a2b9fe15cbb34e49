/**
 * The table's single writer (StorageEngine.openWriter). Rows are appended column by column into pending
 * buffers, committed when asked or when pending rows reach the table's maxUncommittedRows, discarded on
 * rollback. Holds the table's writer lock until `close()`.
 */
import { ColumnBatch } from '../../core/data/column-batch';
import { SymbolTable } from '../../core/data/symbol-table';
import { elementsPerRow } from '../../core/data/vector';
import { ColumnDef, TableSchema } from '../../core/data/table-schema';
import { TableWriter } from '../../core/extension/storage-engine';
import { SvcError } from '../../core/errors';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { addTableColumn } from './add-column';
import { CommitMode } from './atomic-file';
import { ColumnCache } from './column-cache';
import { PendingRows } from './pending-rows';
import { upperBound } from './sort-order';
import { commitPending } from './table-commit';
import { TableState } from './table-state';

export interface WriterContext {
  readonly mode: CommitMode;
  readonly cache: ColumnCache;
  readonly metrics: ServerMetrics;
  readonly maxNameLength: number;
}

export class ColumnarTableWriter implements TableWriter {
  private readonly pending: PendingRows;
  private closed = false;
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly state: TableState, private readonly ctx: WriterContext) {
    this.pending = new PendingRows(state.meta.columns, state.meta.timestampIndex, state.dictionaries);
  }

  /** The current schema: `addColumn` extends it. */
  get schema(): TableSchema {
    return this.state.schema;
  }

  get pendingRows(): number {
    return this.pending.rows;
  }

  append(batch: ColumnBatch): Promise<void> {
    return this.serial(() => this.appendNow(batch));
  }

  private async appendNow(batch: ColumnBatch): Promise<void> {
    this.checkOpen();
    const max = this.state.meta.maxUncommittedRows;
    // Split large batches so the automatic commit happens exactly at maxUncommittedRows.
    let from = 0;
    while (from < batch.rowCount) {
      const take = Math.min(batch.rowCount - from, Math.max(1, max - this.pending.rows));
      this.pending.append(from === 0 && take === batch.rowCount ? batch : sliceBatch(batch, from, from + take));
      from += take;
      if (this.pending.rows >= max) await this.autoCommit();
    }
    if (batch.rowCount === 0) this.pending.append(batch);
  }

  addColumn(column: ColumnDef): Promise<void> {
    return this.serial(async () => {
      this.checkOpen();
      const stored = addTableColumn(this.state, column, this.ctx.mode, this.ctx.maxNameLength);
      this.pending.addColumn(stored);
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
      await this.commitAll();
    });
  }

  private async commitAll(): Promise<void> {
    if (this.pending.rows === 0 && !this.hasPendingSymbols()) return;
    const r = await commitPending(this.state, this.pending, this.ctx.mode, this.ctx.cache);
    this.pending.reset();
    this.ctx.metrics.recordCommit(r.rows, r.physicallyWritten, r.outOfOrder);
  }

  /**
   * The commit at maxUncommittedRows. With out-of-order rows pending, rows within `o3MaxLag` of the newest
   * pending timestamp stay in memory (the /imp parameter `o3MaxLag`: the in-memory out-of-order buffer),
   * so late rows merge with them before touching disk. The buffer is kept only while it is at most half of
   * maxUncommittedRows, which bounds memory and guarantees each automatic commit makes progress.
   */
  private async autoCommit(): Promise<void> {
    const meta = this.state.meta;
    const p = this.pending;
    const parts = this.state.txn.partitions;
    const committedMax = parts.length > 0 ? parts[parts.length - 1].maxTs : Number.NEGATIVE_INFINITY;
    const outOfOrder = meta.timestampIndex >= 0 && (!p.sorted || p.minTs < committedMax);
    if (outOfOrder && meta.o3MaxLagMicros > 0) {
      p.sortInPlace();
      const cut = upperBound(p.timestamps, 0, p.rows, p.maxTs - meta.o3MaxLagMicros);
      if (cut > 0 && p.rows - cut <= meta.maxUncommittedRows / 2) {
        const r = await commitPending(this.state, p, this.ctx.mode, this.ctx.cache, cut);
        p.dropFront(cut);
        this.ctx.metrics.recordCommit(r.rows, r.physicallyWritten, r.outOfOrder);
        return;
      }
    }
    await this.commitAll();
  }

  rollback(): Promise<void> {
    return this.serial(async () => {
      this.checkOpen();
      this.discard();
      this.ctx.metrics.rollbacks++;
    });
  }

  close(): Promise<void> {
    return this.serial(async () => {
      if (this.closed) return;
      if (this.pending.rows > 0) this.ctx.metrics.rollbacks++;
      this.discard();
      this.closed = true;
      this.state.release();
    });
  }

  /**
   * Runs writer operations one at a time: a commit yields to the event loop between partitions, and a
   * rollback or close arriving meanwhile (an aborted request) must wait for it, not pull rows from under it.
   */
  private serial(op: () => Promise<void>): Promise<void> {
    const run = this.tail.then(op);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private discard(): void {
    if (this.pending.rows === 0 && !this.hasPendingSymbols()) return;
    this.pending.reset();
    for (const d of this.state.dictionaries.values()) d.rollback();
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
