/**
 * Rows of a table function (`long_sequence(10)`, `tables()`). Arguments known only at execution
 * (`unnest($1)`, an enclosing query's column) are evaluated once per execution and handed to the rows.
 * A generator that sees its signal fire stops producing; the scan then ends in the stop's error, never as
 * if the generator had run out of rows (a CREATE TABLE AS would commit the rows so far and answer OK).
 */
import { ColumnBatch } from '../../data/column-batch';
import { TableFunctionContext, TableFunctionShape } from '../../extension/sql-function';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { checkAborted, ExecContext, PlanNode, yieldToEventLoop } from '../plan';

const ONE_ROW: ColumnBatch = { rowCount: 1, vectors: [] };

/** Generators produce batches without I/O: give other requests a turn every ~20 ms of work. */
const YIELD_EVERY_MS = 20;

export class TableFunctionScan implements PlanNode {
  readonly children: readonly PlanNode[] = [];
  constructor(readonly name: string, readonly shape: TableFunctionShape, private readonly context: (c: ExecContext) => TableFunctionContext,
    private readonly args?: readonly BoundExpr[]) {}
  get columns(): TableFunctionShape['columns'] { return this.shape.columns; }
  get timestampIndex(): number { return this.shape.timestampIndex; }
  get label(): string { return `Function(${this.name})`; }
  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    let lastYield = performance.now();
    const args = this.args?.map((a) => evaluate(a, ONE_ROW, context));
    for await (const b of this.shape.rows(this.context(context), args)) {
      checkAborted(context);
      if (performance.now() - lastYield > YIELD_EVERY_MS) { await yieldToEventLoop(); lastYield = performance.now(); checkAborted(context); }
      if (context.cancellation.progress) context.cancellation.progress.rowsScanned += b.rowCount;
      yield b;
    }
    checkAborted(context);
  }
}
