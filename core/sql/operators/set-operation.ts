/**
 * UNION [ALL], EXCEPT [ALL], INTERSECT [ALL] (sql-dialect.md §3.2): columns by position, names from the
 * left query (both inputs already cast to common types by the binder); distinct variants keep first-seen order.
 */
import { ColumnBatch } from '../../data/column-batch';
import { ResultColumn } from '../../data/result-set';
import { ExecContext, PlanNode } from '../plan';
import { gatherBatch } from '../vector/vector-ops';
import { Distinct } from './distinct';
import { rowKey } from './row-key';

export class SetOperation implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly timestampIndex = -1;
  constructor(readonly op: 'union' | 'except' | 'intersect', readonly all: boolean, readonly left: PlanNode, readonly right: PlanNode, readonly columns: readonly ResultColumn[]) {
    this.children = [left, right];
  }
  get label(): string { return `${this.op.toUpperCase()}${this.all ? ' ALL' : ''}`; }

  execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    if (this.op === 'union') {
      const both = this.concat(context);
      if (this.all) return both;
      const self = this;
      return new Distinct({ ...self, execute: () => both, children: [], label: 'Union', columns: self.columns, timestampIndex: -1 }).execute(context);
    }
    return this.filterByRight(context);
  }

  private async *concat(context: ExecContext): AsyncIterable<ColumnBatch> {
    yield* this.left.execute(context);
    yield* this.right.execute(context);
  }

  private async *filterByRight(context: ExecContext): AsyncIterable<ColumnBatch> {
    const right = new Map<string, number>();
    for await (const b of this.right.execute(context)) {
      for (let i = 0; i < b.rowCount; i++) { const k = rowKey(b.vectors, i); right.set(k, (right.get(k) ?? 0) + 1); }
    }
    const emitted = new Set<string>();
    const keepIfFound = this.op === 'intersect';
    for await (const b of this.left.execute(context)) {
      const sel = new Int32Array(b.rowCount);
      let k = 0;
      for (let i = 0; i < b.rowCount; i++) {
        const key = rowKey(b.vectors, i);
        const count = right.get(key) ?? 0;
        let keep: boolean;
        if (this.all) {
          keep = keepIfFound ? count > 0 : count === 0;
          if (keepIfFound && count > 0) right.set(key, count - 1);
          if (!keepIfFound && count > 0) { right.set(key, count - 1); keep = false; }
        } else {
          keep = (keepIfFound ? count > 0 : count === 0) && !emitted.has(key);
          if (keep) emitted.add(key);
        }
        if (keep) sel[k++] = i;
      }
      if (k > 0) yield gatherBatch(b, sel, k);
    }
  }
}
