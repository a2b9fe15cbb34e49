/** LIMIT as a plan node over applyWindow. */
import { ColumnBatch } from '../../data/column-batch';
import { ExecContext, PlanNode } from '../plan';
import { applyWindow, Window } from './row-window';

export class Limit implements PlanNode {
  readonly children: readonly PlanNode[];
  constructor(readonly child: PlanNode, readonly window: Window) {
    this.children = [child];
  }
  get columns(): PlanNode['columns'] { return this.child.columns; }
  get timestampIndex(): number { return this.child.timestampIndex; }
  get label(): string { return `Limit(${this.window.lo}, ${this.window.hi ?? ''})`; }
  execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    return applyWindow(this.child.execute(context), this.columns.map((c) => c.type), this.window);
  }
}
