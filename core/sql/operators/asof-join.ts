/**
 * ASOF and LT joins (sql-dialect.md §2.5) as a merge of two time-ordered streams: the right side is read
 * once into memory, then a cursor advances through it as left rows arrive, remembering the newest right
 * row per key (an Int32Array indexed by key id). ASOF takes right rows with ts <= the left ts, LT rows with
 * ts < it; TOLERANCE drops matches older than the limit (inclusive). Unmatched left rows get null right
 * columns. Output: left columns then right columns; the left timestamp stays designated.
 */
import { ColumnBatch } from '../../data/column-batch';
import { TypeTag } from '../../data/column-type';
import { ResultColumn } from '../../data/result-set';
import { MemorySymbolTable } from '../../data/symbol-table';
import { VectorBuilder } from '../../data/vector-builder';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { concatBatches } from '../vector/vector-ops';
import { GroupKeyIndex } from './group-key-index';
import { gatherOrNull } from './gather-or-null';

export interface AsofJoinSpec {
  readonly kind: 'asof' | 'lt';
  readonly left: PlanNode;
  readonly right: PlanNode;
  readonly leftKeys: readonly BoundExpr[];
  readonly rightKeys: readonly BoundExpr[];
  /** µs; undefined = no limit. */
  readonly tolerance?: number;
}

export class AsofJoin implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly columns: readonly ResultColumn[];
  readonly timestampIndex: number;
  readonly label: string;

  constructor(readonly spec: AsofJoinSpec) {
    this.children = [spec.left, spec.right];
    this.columns = [...spec.left.columns, ...spec.right.columns];
    this.timestampIndex = spec.left.timestampIndex;
    this.label = `${spec.kind === 'lt' ? 'Lt' : 'Asof'}Join${spec.leftKeys.length ? '(keyed)' : ''}`;
  }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const { left, right, leftKeys, rightKeys, kind } = this.spec;
    const tolerance = this.spec.tolerance ?? Infinity;
    const rightTypes = right.columns.map((c) => c.type);
    const parts: ColumnBatch[] = [];
    for await (const b of right.execute(context)) { checkAborted(context.signal); parts.push(b); }
    const rb = parts.length ? concatBatches(rightTypes, parts) : { rowCount: 0, vectors: rightTypes.map((t) => new VectorBuilder(t, 1).build()) };
    const rn = rb.rowCount;
    const rts = rb.vectors[right.timestampIndex].data;
    const keyed = leftKeys.length > 0;
    const index = new GroupKeyIndex(rightKeys.map((k) => new VectorBuilder(k.type, 64, k.type.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined)));
    const rkeys = new Int32Array(keyed ? rn : 0);
    if (keyed && rn > 0) index.assign(rightKeys.map((k) => evaluate(k, rb, context)), rn, rkeys);
    let last = new Int32Array(Math.max(16, index.count)).fill(-1);
    let lastAny = -1, p = 0;
    let lkeys = new Int32Array(0), match = new Int32Array(0);
    const strict = kind === 'lt';
    for await (const lb of left.execute(context)) {
      checkAborted(context.signal);
      const n = lb.rowCount;
      if (match.length < n) { match = new Int32Array(n); lkeys = new Int32Array(n); }
      if (keyed) {
        index.assign(leftKeys.map((k) => evaluate(k, lb, context)), n, lkeys);
        if (last.length < index.count) { const l = new Int32Array(index.count * 2).fill(-1); l.set(last); last = l; }
      }
      const lts = lb.vectors[left.timestampIndex].data;
      for (let i = 0; i < n; i++) {
        const t = lts[i];
        if (strict) { while (p < rn && rts[p] < t) { if (keyed) last[rkeys[p]] = p; else lastAny = p; p++; } }
        else { while (p < rn && rts[p] <= t) { if (keyed) last[rkeys[p]] = p; else lastAny = p; p++; } }
        let m = keyed ? last[lkeys[i]] : lastAny;
        if (m >= 0 && t - rts[m] > tolerance) m = -1;
        match[i] = m;
      }
      yield { rowCount: n, vectors: [...lb.vectors, ...rb.vectors.map((v) => gatherOrNull(v, match, n))] };
    }
  }
}
