/**
 * Hash GROUP BY (explicit or implicit): output is one column per aggregate, then
 * the key columns. Aggregate states keep typed-array slots per group; without keys there is exactly one
 * group, so an empty input still yields one row (`count()` = 0).
 */
import { ColumnBatch } from '../../data/column-batch';
import { ColumnType, TypeTag } from '../../data/column-type';
import { ResultColumn } from '../../data/result-set';
import { MemorySymbolTable } from '../../data/symbol-table';
import { VectorBuilder } from '../../data/vector-builder';
import { AggregateFunction, FusedAggregate } from '../../extension/sql-function';
import { fusedFlatLoop, fusedLoop } from './fused-aggregation';
import { SymbolGroupSlots } from './symbol-group-by';
import { Filter } from './filter';
import { TableScan } from './table-scan';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { castVector } from '../vector/cast-vector';
import { sliceBatch } from '../vector/vector-ops';
import { GroupKeyIndex } from './group-key-index';
import { parallelAggregate } from '../../parallel/parallel-aggregate';

export interface BoundAggregate {
  readonly fn: AggregateFunction;
  readonly args: readonly BoundExpr[];
  readonly type: ColumnType;
  readonly constants: readonly unknown[];
}

const OUT_BATCH = 65536;

export class GroupBy implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly timestampIndex = -1;
  readonly label: string;
  constructor(readonly child: PlanNode, readonly keys: readonly BoundExpr[], readonly aggregates: readonly BoundAggregate[], readonly columns: readonly ResultColumn[]) {
    this.children = [child];
    this.label = keys.length ? 'GroupBy' : 'Aggregate';
  }

  /** One SYMBOL column key straight from a table scan (through filters): its dictionary is the reader's. */
  private directSymbolKey(): boolean {
    const k = this.keys;
    if (k.length !== 1 || k[0].kind !== 'column' || k[0].type.tag !== TypeTag.SYMBOL) return false;
    let p: PlanNode = this.child;
    while (p instanceof Filter) p = p.child;
    return p instanceof TableScan && this.aggregates.every((a) => a.args.every((x) => x.kind === 'column'));
  }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    // Big scans of a simple shape aggregate in the worker pool (core/parallel).
    const parallel = await parallelAggregate(this, context);
    if (parallel) {
      for (let lo = 0; lo < parallel.rowCount; lo += OUT_BATCH) yield sliceBatch(parallel, lo, Math.min(parallel.rowCount, lo + OUT_BATCH));
      return;
    }
    const states = this.aggregates.map((a) => a.fn.create(a.args.map((x) => x.type), a.type, a.constants, context.memory));
    const builders = this.keys.map((k) => new VectorBuilder(k.type, 1024, k.type.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined));
    const index = new GroupKeyIndex(builders, context.memory, 'GROUP BY keys');
    let groups = new Int32Array(0);
    if (this.keys.length === 0) for (const s of states) s.init(1);
    const direct = this.directSymbolKey() && states.every((st) => st.fusion?.() !== undefined) ? new SymbolGroupSlots(states) : undefined;
    for await (const batch of this.child.execute(context)) {
      checkAborted(context);
      const n = batch.rowCount;
      if (direct) {
        const keys = evaluate(this.keys[0], batch, context);
        // A reader's dictionary cannot change under a scan (symbol-table.ts), so this only guards the invariant.
        if (!direct.accepts(keys)) throw new Error('symbol dictionary changed during a table scan');
        direct.add(keys, this.aggregates.map((agg) => agg.args.map((x) => evaluate(x, batch, context))), n);
        continue;
      }
      let ids: Int32Array | undefined;
      if (this.keys.length > 0) {
        if (groups.length < n) groups = new Int32Array(n);
        index.assign(this.keys.map((k) => evaluate(k, batch, context)), n, groups);
        ids = groups;
        for (const s of states) s.init(index.count);
      }
      const argVectors = this.aggregates.map((agg) => agg.args.map((x) => evaluate(x, batch, context)));
      // A fused loop reads doubles only: a batch with exact 64-bit values goes through add() (exact-longs.ts).
      const fused = states.length > 1 && !argVectors.some((v) => v.some((x) => x.exact)) ? states.map((s) => s.fusion?.()) : undefined;
      if (fused && fused.every((f) => f !== undefined)) {
        const slots = fused as FusedAggregate[];
        const cols = argVectors.map((v) => (v.length ? v[0].data : groups));
        if (ids) fusedLoop(slots)(ids, n, cols, slots.map((f) => f.acc), slots.map((f) => f.counts));
        else fusedFlatLoop(slots)(n, cols, slots.map((f) => f.acc), slots.map((f) => f.counts));
      } else {
        for (let a = 0; a < states.length; a++) states[a].add(argVectors[a], ids, n);
      }
    }
    if (direct) {
      const r = direct.result();
      const vectors = [...r.aggregates.map((v, a) => castVector(v, this.aggregates[a].type, r.rowCount)), r.key];
      const all: ColumnBatch = { rowCount: r.rowCount, vectors };
      for (let lo = 0; lo < r.rowCount; lo += OUT_BATCH) yield sliceBatch(all, lo, Math.min(r.rowCount, lo + OUT_BATCH));
      return;
    }
    const count = this.keys.length ? index.count : 1;
    // Layout: aggregates first, then keys (aggregate-collector.ts).
    const vectors = [
      ...states.map((s, a) => castVector(s.value(count), this.aggregates[a].type, count)),
      ...builders.map((b) => b.build()),
    ];
    const all: ColumnBatch = { rowCount: count, vectors };
    for (let lo = 0; lo < count; lo += OUT_BATCH) yield sliceBatch(all, lo, Math.min(count, lo + OUT_BATCH));
  }
}
