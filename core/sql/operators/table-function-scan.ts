/** Rows of a table function (`long_sequence(10)`, `tables()`). */
import { ColumnBatch } from '../../data/column-batch';
import { TableFunctionContext, TableFunctionShape } from '../../extension/sql-function';
import { checkAborted, ExecContext, PlanNode, yieldToEventLoop } from '../plan';

/** Generators produce batches without I/O: give other requests a turn every ~20 ms of work. */
const YIELD_EVERY_MS = 20;

export class TableFunctionScan implements PlanNode {
  readonly children: readonly PlanNode[] = [];
  constructor(readonly name: string, readonly shape: TableFunctionShape, private readonly context: (c: ExecContext) => TableFunctionContext) {}
  get columns(): TableFunctionShape['columns'] { return this.shape.columns; }
  get timestampIndex(): number { return this.shape.timestampIndex; }
  get label(): string { return `Function(${this.name})`; }
  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    let lastYield = performance.now();
    for await (const b of this.shape.rows(this.context(context))) {
      checkAborted(context);
      if (performance.now() - lastYield > YIELD_EVERY_MS) { await yieldToEventLoop(); lastYield = performance.now(); checkAborted(context); }
      if (context.cancellation.progress) context.cancellation.progress.rowsScanned += b.rowCount;
      yield b;
    }
  }
}
