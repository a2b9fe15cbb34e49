/**
 * UNION [ALL], EXCEPT [ALL], INTERSECT [ALL]: columns by position, names from the
 * left query (both inputs already cast to common types by the binder); distinct variants keep first-seen order.
 * EXCEPT and INTERSECT count the right side's keys in a GroupKeyIndex (typed arrays, no JS Map limit);
 * the distinct variants then pass the kept left rows through Distinct, which reads them all before the first
 * row goes out.
 */
import { ColumnBatch } from '../../data/column-batch';
import { ResultColumn } from '../../data/result-set';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { gatherBatch } from '../vector/vector-ops';
import { Distinct } from './distinct';
import { GroupKeyIndex } from './group-key-index';

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
    // Distinct variants keep each kept row's first occurrence: a key's rows are all kept or none.
    const kept = this.filterByRight(context);
    if (this.all) return kept;
    const self = this;
    return new Distinct({ ...self, execute: () => kept, children: [], label: this.label, columns: self.columns, timestampIndex: -1 }).execute(context);
  }

  private async *concat(context: ExecContext): AsyncIterable<ColumnBatch> {
    yield* this.left.execute(context);
    yield* this.right.execute(context);
  }

  private async *filterByRight(context: ExecContext): AsyncIterable<ColumnBatch> {
    const right = new GroupKeyIndex([], context.memory, 'set operation keys');
    let counts = new Int32Array(1024);
    let ids = new Int32Array(0);
    for await (const b of this.right.execute(context)) {
      checkAborted(context);
      if (ids.length < b.rowCount) ids = new Int32Array(b.rowCount);
      right.assign(b.vectors, b.rowCount, ids);
      if (counts.length < right.count) {
        const grown = new Int32Array(Math.max(right.count, counts.length * 2));
        context.memory.grow(grown.byteLength - counts.byteLength, 'set operation keys');
        grown.set(counts);
        counts = grown;
      }
      for (let i = 0; i < b.rowCount; i++) counts[ids[i]]++;
    }
    const keepIfFound = this.op === 'intersect';
    for await (const b of this.left.execute(context)) {
      checkAborted(context);
      const n = b.rowCount;
      if (ids.length < n) { ids = new Int32Array(n); }
      right.lookup(b.vectors, n, ids);
      const sel = new Int32Array(n);
      let k = 0;
      for (let i = 0; i < n; i++) {
        const g = ids[i];
        const count = g < 0 ? 0 : counts[g];
        const keep = keepIfFound ? count > 0 : count === 0;
        // ALL variants match rows one for one: each right row keeps (INTERSECT) or removes (EXCEPT) one left row.
        if (this.all && count > 0) counts[g] = count - 1;
        if (keep) sel[k++] = i;
      }
      if (k > 0) yield gatherBatch(b, sel, k);
    }
  }
}
