/**
 * WHERE: computes a selection of matching rows per batch, through the compiled loop when the predicate
 * compiled (compiled-filter.ts), else by evaluating it to a BOOLEAN vector. Only matching rows go on. A
 * predicate with correlated sub-queries (`WHERE (SELECT … WHERE c.oid = t.typrelid)`) runs them for each
 * batch's rows first (parameters/correlated-subqueries.ts).
 */
import { ColumnBatch } from '../../data/column-batch';
import { BoundExpr, BoundScalarQuery } from '../bound-expression';
import { correlatedSubqueries, runCorrelated } from '../parameters/correlated-subqueries';
import { CompiledFilter } from '../compiled-filter';
import { evaluate } from '../evaluate';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { gatherBatch, PassedOver } from '../vector/vector-ops';
import { NullVectors } from './gather-or-null';
import { parallelFilter } from '../../parallel/parallel-filter';
import { SymbolValues } from '../../extension/storage-engine';

export class Filter implements PlanNode {
  readonly children: readonly PlanNode[];
  private readonly correlated: readonly BoundScalarQuery[];
  /**
   * @param implied the symbol values the whole predicate requires and the scan below narrows to: a batch the
   * scan narrowed to exactly them (ColumnBatch.narrowedTo) passes untested, every row satisfies the predicate.
   * @param passOver columns only the predicate reads (`passOver[c]` true): a matching row's values there are
   * not gathered, the batch carries null vectors in their place (narrow-scan.ts, for a join side).
   */
  constructor(readonly child: PlanNode, readonly predicate: BoundExpr, readonly compiled: CompiledFilter | undefined, readonly implied?: SymbolValues,
    readonly passOver?: readonly boolean[]) {
    this.children = [child];
    this.correlated = correlatedSubqueries([predicate]);
  }
  /** The same filter over another input of the same columns (a rebuilt scan). */
  over(child: PlanNode): Filter {
    return new Filter(child, this.predicate, this.compiled, this.implied, this.passOver);
  }

  get columns(): PlanNode['columns'] { return this.child.columns; }
  get timestampIndex(): number { return this.child.timestampIndex; }
  get label(): string { return this.compiled ? 'Filter(jit)' : 'Filter'; }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const passed = this.passed();
    if (this.correlated.length > 0) {
      for await (const batch of this.child.execute(context)) {
        checkAborted(context);
        await runCorrelated(this.correlated, batch, context);
        const out = this.evaluated(batch, context, passed);
        if (out) yield out;
      }
      return;
    }
    // A compiled filter over a big table scan runs in the worker pool (core/parallel).
    const parallel = parallelFilter(this.compiled, this.child, context, (batch) => this.evaluated(batch, context, passed), passed);
    if (parallel) {
      yield* parallel;
      return;
    }
    let sel = new Int32Array(0);
    const prepared = this.compiled?.prepare(context);
    for await (const batch of this.child.execute(context)) {
      checkAborted(context);
      if (this.implied && batch.narrowedTo === this.implied) { yield batch; continue; }
      const n = batch.rowCount;
      if (sel.length < n) sel = new Int32Array(n);
      let k = 0;
      // A batch with exact 64-bit values beyond 2^53 in a compiled column is filtered by the exact kernels.
      if (prepared && !this.compiled?.needsExact(batch)) {
        k = prepared(batch, sel);
      } else {
        const out = this.evaluated(batch, context, passed);
        if (out) yield out;
        continue;
      }
      if (k === 0) continue;
      yield k === n ? batch : gatherBatch(batch, sel, k, passed);
    }
  }

  /** Null vectors for the passed-over columns (one set per execution), for gatherBatch. */
  private passed(): PassedOver | undefined {
    const passOver = this.passOver;
    if (!passOver?.some((p) => p)) return undefined;
    const nulls = new NullVectors();
    const columns = this.columns;
    return (c, n) => (passOver[c] ? nulls.get(columns[c].type, n) : undefined);
  }

  /** The batch's matching rows by evaluating the predicate to a BOOLEAN vector (undefined when none match). */
  private evaluated(batch: ColumnBatch, context: ExecContext, passed: PassedOver | undefined): ColumnBatch | undefined {
    const n = batch.rowCount;
    const mask = evaluate(this.predicate, batch, context).data;
    const sel = new Int32Array(n);
    let k = 0;
    for (let i = 0; i < n; i++) if (mask[i] !== 0) sel[k++] = i;
    if (k === 0) return undefined;
    return k === n ? batch : gatherBatch(batch, sel, k, passed);
  }
}
