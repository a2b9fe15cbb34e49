/**
 * Column pruning for the inputs of time-series joins: a side that is a table scan (optionally under a
 * filter) with the full layout of a `SELECT *` sub-query is rebuilt to read only the columns the query
 * uses, then expanded back to its layout with null columns, so the filter gathers fewer columns; columns
 * only its predicate reads are scanned and tested but not gathered.
 */
import { BoundExpr, walk } from './bound-expression';
import { CompiledFilter } from './compiled-filter';
import { ExpandColumns } from './operators/expand-columns';
import { Filter } from './operators/filter';
import { Project } from './operators/project';
import { TableScan } from './operators/table-scan';
import { PlanNode } from './plan';

export function narrowInput(plan: PlanNode, needed: ReadonlySet<number>): PlanNode {
  // A projection that only reorders columns (the lazy scan's slot order) passes the need through.
  if (plan instanceof Project && plan.exprs.every((e) => e.kind === 'column')) {
    const inner = new Set<number>();
    for (const i of needed) { const e = plan.exprs[i]; if (e && e.kind === 'column') inner.add(e.index); }
    const child = narrowInput(plan.child, inner);
    return child === plan.child ? plan : new Project(child, plan.exprs, plan.columns, plan.timestampIndex);
  }
  const filter = plan instanceof Filter && plan.child instanceof TableScan ? plan : undefined;
  const scan = plan instanceof TableScan ? plan : filter ? (filter.child as TableScan) : undefined;
  if (!scan || scan.spec.reverse || scan.columns.length !== plan.columns.length) return plan;
  const need = new Set(needed);
  if (scan.timestampIndex >= 0) need.add(scan.timestampIndex);
  if (filter) {
    let remappable = true;
    walk(filter.predicate, (x) => {
      if (x.kind === 'column') need.add(x.index);
      else if (x.kind !== 'constant' && x.kind !== 'call' && x.kind !== 'cast' && x.kind !== 'case') remappable = false;
    });
    if (!remappable) return plan;
  }
  const width = scan.columns.length;
  // Columns only the predicate reads: scanned and tested, but the filter does not gather them.
  const predicateOnly = (i: number): boolean => !needed.has(i) && i !== scan.timestampIndex;
  const passing = filter !== undefined && [...need].some(predicateOnly);
  if (need.size >= width && !passing) return plan;
  const keep = [...need].filter((i) => i >= 0 && i < width).sort((a, b) => a - b);
  const map = new Int32Array(width).fill(-1);
  keep.forEach((old, k) => { map[old] = k; });
  const narrowed = scan.with({ columnIndexes: keep.map((old) => scan.spec.columnIndexes[old]) });
  let inner: PlanNode = narrowed;
  if (filter) {
    const predicate = remap(filter.predicate, map);
    inner = new Filter(narrowed, predicate, filter.compiled ? CompiledFilter.compile(predicate) : undefined, filter.implied,
      passing ? keep.map(predicateOnly) : undefined);
    // Nothing above reads them: the layout shows them as null columns.
    if (passing) keep.forEach((old) => { if (predicateOnly(old)) map[old] = -1; });
  }
  return new ExpandColumns(inner, plan.columns, map, plan.timestampIndex);
}

function remap(e: BoundExpr, map: Int32Array): BoundExpr {
  switch (e.kind) {
    case 'column': return { ...e, index: map[e.index] };
    case 'call': return { ...e, args: e.args.map((a) => remap(a, map)) };
    case 'cast': return { ...e, expr: remap(e.expr, map) };
    case 'case': return {
      ...e,
      whens: e.whens.map((w) => ({ when: remap(w.when, map), then: remap(w.then, map) })),
      otherwise: e.otherwise ? remap(e.otherwise, map) : undefined,
    };
    default: return e;
  }
}
