/**
 * `SAMPLE BY … LIMIT n` without ORDER BY: rows come in bucket order, so the first n rows need only the rows of
 * their buckets. The SampleBy is rebuilt to stop reading once a row of a later bucket than its n-th group's
 * arrives (SampleBySpec.rowLimit), over a scan in small batches (the first rows of a big table: parallel
 * kernels would fold all of it first). Not with FILL, whose rows are not groups of the input.
 */
import { Filter } from './operators/filter';
import { Project } from './operators/project';
import { SampleBy } from './operators/sample-by';
import { TableScan } from './operators/table-scan';
import { PlanNode } from './plan';

/** Rows per scan batch of a limited SAMPLE BY: ~100 µs of folding between checks. */
const LIMITED_BATCH_ROWS = 8192;

/** `plan` (a SampleBy, maybe under a Project) reading only what its first `rows` rows need, or undefined. */
export function limitedSample(plan: PlanNode, rows: number): PlanNode | undefined {
  if (rows <= 0) return undefined;
  if (plan instanceof Project) {
    const inner = limitedSample(plan.child, rows);
    return inner ? new Project(inner, plan.exprs, plan.columns, plan.timestampIndex) : undefined;
  }
  if (!(plan instanceof SampleBy) || !plan.spec.fills.every((f) => f.mode === 'none')) return undefined;
  const child = smallBatches(plan.spec.child);
  return child ? new SampleBy({ ...plan.spec, child, rowLimit: rows }) : undefined;
}

function smallBatches(plan: PlanNode): PlanNode | undefined {
  if (plan instanceof TableScan) return plan.spec.reverse ? undefined : plan.with({ batchRows: LIMITED_BATCH_ROWS });
  if (plan instanceof Filter) {
    const c = smallBatches(plan.child);
    return c ? plan.over(c) : undefined;
  }
  return undefined;
}
