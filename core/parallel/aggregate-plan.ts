/**
 * Decides, once per GROUP BY node, whether its input and aggregates fit a parallel kernel, and if so
 * which: input a forward table scan, optionally under a compiled WHERE; no key, one SYMBOL column key
 * (dense), two SYMBOL column keys (a dense 2-D index), or one number column key (hash); every aggregate a
 * fused fold (count(*), sum, avg, min, max) of a number column or a widening cast of one, or of a computed input. Anything else stays on the main thread's GroupBy.
 */
import { ColumnType, TypeTag } from '../data/column-type';
import { BoundExpr } from '../sql/bound-expression';
import { CompiledFilter } from '../sql/compiled-filter';
import { Filter } from '../sql/operators/filter';
import type { BoundAggregate } from '../sql/operators/group-by';
import { TableScan } from '../sql/operators/table-scan';
import { PlanNode } from '../sql/plan';
import { AggregateKernelShape, KernelAggregate, KeyMode, NullKind } from './kernel-shape';

export interface AggregatePlan {
  readonly scan: TableScan;
  /** The WHERE, compiled (with the computed aggregate inputs when there are some: then it is `code`). */
  readonly filter?: CompiledFilter;
  /** Whose arguments the kernels take: the filter's, or the filter's and computed inputs' together. */
  readonly code?: CompiledFilter;
  /** Scans of more rows stay on the main thread: a LONG sum of CASE constants would pass 2^53 in doubles. */
  readonly exactRows?: number;
  readonly shape: AggregateKernelShape;
  /** The scan column each kernel column slot reads. */
  readonly slots: readonly number[];
  /** The key's type (symbol and number modes). */
  readonly keyType?: ColumnType;
}

/** The parts of a GROUP BY the analysis reads. */
export interface GroupByParts {
  readonly child: PlanNode;
  readonly keys: readonly BoundExpr[];
  readonly aggregates: readonly BoundAggregate[];
}

const NUMBER_KEYS = new Set([TypeTag.BYTE, TypeTag.SHORT, TypeTag.INT, TypeTag.LONG, TypeTag.FLOAT, TypeTag.DOUBLE, TypeTag.TIMESTAMP, TypeTag.DATE]);
const WIDENING = [TypeTag.BYTE, TypeTag.SHORT, TypeTag.INT, TypeTag.LONG, TypeTag.FLOAT, TypeTag.DOUBLE];

const plans = new WeakMap<GroupByParts, AggregatePlan | null>();

export function aggregatePlan(node: GroupByParts): AggregatePlan | undefined {
  let plan = plans.get(node);
  if (plan === undefined) {
    plan = analyze(node) ?? null;
    plans.set(node, plan);
  }
  return plan ?? undefined;
}

export function nullKindOf(t: ColumnType): NullKind | undefined {
  switch (t.tag) {
    case TypeTag.DOUBLE: case TypeTag.FLOAT: return 'nan';
    case TypeTag.INT: return 'int';
    case TypeTag.LONG: case TypeTag.TIMESTAMP: case TypeTag.DATE: return 'long';
    case TypeTag.SHORT: case TypeTag.BYTE: return 'none';
    default: return undefined;
  }
}

/** The scan column an aggregate argument reads: a column, or a widening numeric cast of one. */
function sourceColumn(e: BoundExpr): { index: number; type: ColumnType } | undefined {
  if (e.kind === 'column') return { index: e.index, type: e.type };
  if (e.kind === 'cast' && e.expr.kind === 'column') {
    const from = WIDENING.indexOf(e.expr.type.tag), to = WIDENING.indexOf(e.type.tag);
    if (from >= 0 && to >= from) return { index: e.expr.index, type: e.expr.type };
  }
  return undefined;
}

/** True when the aggregate reads one column (or a widening cast of one): the kernels' own steps. */
function readsColumn(a: BoundAggregate): boolean {
  return a.args.length === 0 || (a.args.length === 1 && sourceColumn(a.args[0]) !== undefined);
}

/** The kernel step of an aggregate, or undefined when it does not fold as count/sum/min/max. */
function kernelAggregate(a: BoundAggregate, slot: (column: number) => number): KernelAggregate | undefined {
  const fused = a.fn.create(a.args.map((x) => x.type), a.type, a.constants).fusion?.();
  if (!fused) return undefined;
  if (fused.op === 'count') return a.args.length === 0 ? { op: 'count', nulls: 'none', column: -1 } : undefined;
  if (a.args.length !== 1) return undefined;
  const source = sourceColumn(a.args[0]);
  const nulls = source ? nullKindOf(source.type) : undefined;
  if (!source || !nulls) return undefined;
  return { op: fused.op, nulls, column: slot(source.index) };
}

function analyze(node: GroupByParts): AggregatePlan | undefined {
  let input = node.child;
  let filter: CompiledFilter | undefined;
  if (input instanceof Filter) {
    if (!input.compiled) return undefined;
    filter = input.compiled;
    input = input.child;
  }
  if (!(input instanceof TableScan) || input.spec.reverse || input.spec.batchRows !== undefined) return undefined;
  const computed = computedInputs(node, node.child instanceof Filter ? node.child.predicate : undefined);
  if (computed === null) return undefined;
  let code: CompiledFilter | undefined;
  if (computed) {
    code = computed.code;
    filter = node.child instanceof Filter ? code : undefined;
  }
  const slots: number[] = code ? [...code.columns] : filter ? [...filter.columns] : [];
  const slot = (column: number): number => {
    let k = slots.indexOf(column);
    if (k < 0) { k = slots.length; slots.push(column); }
    return k;
  };
  let key: KeyMode = 'none';
  let keyColumn = -1;
  let keyType: ColumnType | undefined;
  let keyColumn2: number | undefined;
  if (node.keys.length === 2) {
    // Two SYMBOL columns: the dense 2-D index (tuple-kernel-source.ts).
    const [k1, k2] = node.keys;
    if (k1.kind !== 'column' || k2.kind !== 'column' || k1.type.tag !== TypeTag.SYMBOL || k2.type.tag !== TypeTag.SYMBOL) return undefined;
    key = 'tuple';
    keyType = k1.type;
    keyColumn = slot(k1.index);
    keyColumn2 = slot(k2.index);
  } else if (node.keys.length > 1) return undefined;
  if (node.keys.length === 1) {
    const k = node.keys[0];
    if (k.kind !== 'column') return undefined;
    if (k.type.tag === TypeTag.SYMBOL) key = 'symbol';
    else if (NUMBER_KEYS.has(k.type.tag)) key = 'number';
    else return undefined;
    keyType = k.type;
    keyColumn = slot(k.index);
  }
  const aggregates: KernelAggregate[] = [];
  for (const a of node.aggregates) {
    const value = computed?.values.get(a);
    const k = value ? { op: value.op, nulls: 'nan' as const, column: -1, value: value.code } : kernelAggregate(a, slot);
    if (!k) return undefined;
    aggregates.push(k);
  }
  // Computed inputs run the row steps of the one-table kernels only (dense and radix kernels read key columns).
  if (computed && key === 'number') return undefined;
  const shape: AggregateKernelShape = {
    key, keyColumn, keyColumn2, aggregates, columns: slots.length,
    filter: filter ? { body: filter.body, args: filter.argCount } : undefined,
    args: code?.argCount,
  };
  return { scan: input, filter, code, exactRows: computed?.exactRows, shape, slots, keyType };
}

interface Computed {
  readonly code: CompiledFilter;
  readonly values: Map<BoundAggregate, { readonly op: KernelAggregate['op']; readonly code: string }>;
  readonly exactRows?: number;
}

/**
 * The aggregates whose input is an expression (`sum(CASE …)`, `avg(a - b)`), compiled with the WHERE over one
 * argument list (core/sql/compiled-values.ts): undefined when every input is a column, null when some input or
 * fold does not compile. A LONG sum (no fused form) needs a bound: its CASE constants' largest magnitude.
 */
function computedInputs(node: GroupByParts, predicate: BoundExpr | undefined): Computed | undefined | null {
  const exprs = node.aggregates.filter((a) => !readsColumn(a));
  if (exprs.length === 0) return undefined;
  if (exprs.some((a) => a.args.length !== 1)) return null;
  const rows = CompiledFilter.compileRows(predicate, exprs.map((a) => a.args[0]));
  if (!rows) return null;
  const values = new Map<BoundAggregate, { op: KernelAggregate['op']; code: string }>();
  let exactRows = Infinity;
  for (let k = 0; k < exprs.length; k++) {
    const a = exprs[k], state = a.fn.create(a.args.map((x) => x.type), a.type, a.constants);
    const fold = state.fusion?.() ?? state.partials?.();
    if (!fold || fold.op === 'count') return null;
    if (!state.fusion?.()) {
      if (!Number.isFinite(rows.values[k].maxAbs)) return null;
      exactRows = Math.min(exactRows, Math.floor(2 ** 53 / Math.max(1, rows.values[k].maxAbs)));
    }
    values.set(a, { op: fold.op, code: rows.values[k].code });
  }
  return { code: rows.code, values, exactRows: Number.isFinite(exactRows) ? exactRows : undefined };
}
