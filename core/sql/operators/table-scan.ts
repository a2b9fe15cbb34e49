/** Reads a table through the StorageEngine: only the referenced columns, optionally interval-pruned or backwards. */
import { ColumnBatch } from '../../data/column-batch';
import { TypeTag } from '../../data/column-type';
import { ResultColumn } from '../../data/result-set';
import { TableSchema, TimeInterval } from '../../data/table-schema';
import { Vector } from '../../data/vector';
import { checkAborted, ExecContext, openTableReader, PlanNode, yieldToEventLoop } from '../plan';
import type { RuntimeIntervals } from '../parameters/parameter-intervals';
import { ScanOptions, SymbolValues } from '../../extension/storage-engine';
import { intersectIntervals } from '../../time/interval-algebra';
import { parallelGather } from '../../parallel/parallel-gather';
import { ParallelStep } from '../../parallel/parallel-step';

const YIELD_EVERY_MS = 20;

export interface ScanSpec {
  readonly table: TableSchema;
  /** Table column indexes, in output order. */
  readonly columnIndexes: readonly number[];
  readonly intervals?: readonly TimeInterval[];
  /** Intervals known only when the query runs (bind parameters); intersected with `intervals`. */
  readonly runtimeIntervals?: RuntimeIntervals;
  readonly reverse?: boolean;
  /** Rows per batch when only a few rows are needed (`ORDER BY ts DESC LIMIT 10`). */
  readonly batchRows?: number;
  /**
   * The WHERE's `sym = 'x'` / `sym IN (…)` on a SYMBOL column (table column index): a forward scan reads
   * only those rows when they are few (symbolNarrowing); the filter keeps the conjunct, and tests the rows
   * of narrowed batches only when it requires more (Filter.implied).
   */
  readonly symbolValues?: SymbolValues;
  /** A backwards scan for LATEST ON may yield only the newest row of each key of this SYMBOL column (ScanOptions.latestBy). */
  readonly latestBy?: number;
  /** SAMPLE BY's buckets: a narrowed scan may give its rows their bucket's start as the timestamp (ScanOptions.timeBuckets). */
  readonly timeBuckets?: ScanOptions['timeBuckets'];
}

/**
 * A scan reads only the wanted symbols' rows when the rows it must gather one by one are at most
 * NARROW_SHARE of the rows it would read, and all its selected rows at most CLUSTERED_SHARE of them: rows
 * read in place from one symbol's clusters cost no gather (TableReader.symbolRows), but the rest of the
 * WHERE then runs on the request thread over every selected row (10M trades, `side = 'sell' AND price >
 * 100`, half the rows: 43 ms narrowed against 25 ms in the workers; `symbol = 'SYM00' AND price > 500`, 22%:
 * 5 ms against 12).
 */
const NARROW_SHARE = 1 / 64;
const CLUSTERED_SHARE = 1 / 4;

export class TableScan implements PlanNode {
  readonly columns: readonly ResultColumn[];
  readonly timestampIndex: number;
  readonly children: readonly PlanNode[] = [];

  constructor(readonly spec: ScanSpec) {
    this.columns = spec.columnIndexes.map((i) => ({ name: spec.table.columns[i].name, type: spec.table.columns[i].type }));
    // Backwards scans are still ordered by the designated timestamp, only descending.
    this.timestampIndex = spec.reverse ? -1 : spec.columnIndexes.indexOf(spec.table.timestampIndex);
  }

  get label(): string {
    const s = this.spec;
    return `Scan(${s.table.name}${s.intervals ? `, intervals=${s.intervals.length}` : ''}${s.symbolValues ? `, symbols=${s.symbolValues.values.length}` : ''}${s.reverse ? ', reverse' : ''}${s.latestBy !== undefined ? ', latest' : ''})`;
  }

  private intervals(context: ExecContext): readonly TimeInterval[] | undefined {
    const runtime = this.spec.runtimeIntervals?.(context);
    if (!runtime) return this.spec.intervals;
    return this.spec.intervals ? intersectIntervals(this.spec.intervals, runtime) : runtime;
  }

  with(changes: Partial<ScanSpec>): TableScan {
    return new TableScan({ ...this.spec, ...changes });
  }

  /**
   * Rows of the partitions the scan's intervals touch (all rows without intervals): an upper bound of the
   * rows it reads, known without reading a column, for choosing between the main thread and the workers.
   */
  estimateRows(context: ExecContext): number {
    const reader = context.storage.openReader(this.spec.table.name);
    try {
      const intervals = this.intervals(context);
      if (!intervals) return reader.rowCount;
      let rows = 0;
      for (const p of reader.partitions) {
        if (intervals.some((iv) => iv.lo <= p.maxTimestamp && iv.hi >= p.minTimestamp)) rows += p.rowCount;
      }
      return rows;
    } finally {
      reader.close();
    }
  }

  /**
   * The rows a forward scan reads when its symbol values narrow it (few of their rows to gather, see
   * NARROW_SHARE), else undefined. Such a scan runs on the request thread: it gathers few rows and reads
   * the rest in place, and the workers' frames are whole partitions.
   */
  symbolNarrowing(context: ExecContext): number | undefined {
    const wanted = this.spec.symbolValues;
    if (!wanted || this.spec.reverse) return undefined;
    const reader = context.storage.openReader(this.spec.table.name);
    try {
      if (!reader.symbolRows) return undefined;
      const count = reader.symbolRows(wanted, this.intervals(context), this.spec.columnIndexes);
      const gathered = count.selected - (count.clustered ?? 0);
      return gathered <= count.rows * NARROW_SHARE && count.selected <= count.rows * CLUSTERED_SHARE ? count.selected : undefined;
    } finally {
      reader.close();
    }
  }

  /** Whether a row inside the scan's intervals may hold NULL in SYMBOL table column `column` (true when the engine cannot tell). */
  mayHoldNullSymbol(column: number, context: ExecContext): boolean {
    const reader = context.storage.openReader(this.spec.table.name);
    try {
      return reader.mayHoldNullSymbol?.(column, this.intervals(context)) ?? true;
    } finally {
      reader.close();
    }
  }

  /**
   * The scan as frames: one batch per partition and interval, as large as the partition's rows in it,
   * vectors being views on the column cache's shared memory (workers read them without a copy).
   */
  frames(context: ExecContext): AsyncIterable<ColumnBatch> {
    return this.batches(context, false, Number.MAX_SAFE_INTEGER);
  }

  execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const narrowed = this.symbolNarrowing(context) !== undefined;
    return this.batches(context, this.spec.reverse, this.spec.batchRows, narrowed ? this.spec.symbolValues : undefined);
  }

  private async *batches(context: ExecContext, reverse: boolean | undefined, batchRows: number | undefined, symbolValues?: SymbolValues): AsyncIterable<ColumnBatch> {
    // Inside a transaction the reader is its own (its uncommitted rows included); the estimates above read the committed state.
    const reader = await openTableReader(context, this.spec.table.name);
    // A narrowed scan's selected rows are random accesses: the workers gather them (parallel-gather.ts).
    const workers = symbolValues && context.workers && context.workers.size > 1 && context.workers.settings.filter ? context.workers : undefined;
    let step: ParallelStep | undefined;
    try {
      const cols = this.spec.columnIndexes;
      const symbolTables = cols.map((c) => (this.spec.table.columns[c].type.tag === TypeTag.SYMBOL ? reader.symbols(c) : undefined));
      const gather = workers ? parallelGather(workers, () => (step ??= new ParallelStep(context))) : undefined;
      const scan = reader.scan({ columns: cols, intervals: this.intervals(context), reverse, batchRows, signal: context.signal, symbolValues, gather, timeBuckets: this.spec.timeBuckets, latestBy: this.spec.latestBy });
      let lastYield = performance.now();
      for await (const batch of scan) {
        checkAborted(context);
        // Cached column data resolves without I/O: give other requests a turn every ~20 ms of work.
        if (performance.now() - lastYield > YIELD_EVERY_MS) { await yieldToEventLoop(); lastYield = performance.now(); checkAborted(context); }
        if (batch.rowCount === 0) continue;
        if (context.cancellation.progress) context.cancellation.progress.rowsScanned += batch.rowCount;
        yield withSymbols(batch, symbolTables);
      }
    } finally {
      step?.finish();
      reader.close();
    }
  }
}

/** SYMBOL vectors carry their dictionary; engines that leave it out get the reader's. */
function withSymbols(batch: ColumnBatch, tables: readonly (Vector['symbols'])[]): ColumnBatch {
  let patched: Vector[] | undefined;
  for (let i = 0; i < tables.length; i++) {
    const v = batch.vectors[i];
    if (tables[i] && !v.symbols) (patched ??= [...batch.vectors])[i] = { ...v, symbols: tables[i] };
  }
  return patched ? { rowCount: batch.rowCount, vectors: patched, narrowedTo: batch.narrowedTo } : batch;
}
