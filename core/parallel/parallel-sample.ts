/**
 * SAMPLE BY without keys in the worker pool. The designated timestamp is ordered, so each frame's rows
 * cut into bucket runs by binary search (sample-buckets.ts) without reading every timestamp; the runs
 * are dealt to tasks of similar row counts (a long run split across tasks), each task folds its runs
 * with the ungrouped kernel once per run (kernel-source.ts `runsKernelSource`), and the partials merge
 * into the buckets' aggregate states on the main thread in run order. Chosen as GROUP BY's parallel path
 * is (parallel-aggregate.ts): a pool, a shape aggregate-plan.ts accepts, enough rows, no symbol narrowing.
 */
import { ColumnBatch } from '../data/column-batch';
import { TypeTag } from '../data/column-type';
import { AggregateState } from '../extension/sql-function';
import { BucketAssigner } from '../sql/operators/sample-buckets';
import type { SampleBySpec } from '../sql/operators/sample-by';
import { ExecContext } from '../sql/plan';
import { aggregatePlan } from './aggregate-plan';
import { fusions } from './aggregate-output';
import { runsKernelSource } from './kernel-source';
import { KernelOutput } from './kernel-task';
import { fits } from './parallel-aggregate';
import { ParallelStep } from './parallel-step';
import { TaskSpec } from './query-workers';
import { mergePartials } from './partial-merge';

/** Tasks per worker: more than one evens out a worker that is slowed down. */
const TASKS_PER_WORKER = 4;

/** Runs of one task, all in one frame: run r is rows [starts[r], ends[r]) of bucket groups[r]. */
interface RunTask {
  readonly frame: number;
  readonly starts: number[];
  readonly ends: number[];
  readonly groups: number[];
}

/**
 * Folds the sampled rows into `states` (and numbers the buckets in `buckets`), or returns false when
 * the main thread's SampleBy should run.
 */
export async function parallelSample(spec: SampleBySpec, buckets: BucketAssigner, states: readonly AggregateState[], context: ExecContext): Promise<boolean> {
  const workers = context.workers;
  if (!workers || !workers.settings.groupBy || spec.keys.length > 0) return false;
  const plan = aggregatePlan(spec);
  // A filter hides rows from the clock: only a clock that does not start from the first row is the same.
  if (!plan || plan.shape.key !== 'none' || (plan.filter && spec.clockFromFirstRow)) return false;
  if (plan.scan.symbolNarrowing(context) !== undefined || plan.scan.estimateRows(context) < workers.settings.minRows) return false;
  const frames: ColumnBatch[] = [];
  for await (const f of plan.scan.frames(context)) frames.push(f);
  if (frames.length === 0 || !fits(plan, frames) || frames.some((f) => f.vectors[spec.timestamp].type.tag !== TypeTag.TIMESTAMP)) return false;
  const runs = bucketRuns(frames, spec.timestamp, buckets);
  const rows = runs.reduce((s, t) => s + t.ends[t.ends.length - 1] - t.starts[0], 0);
  const tasks = dealRuns(runs, Math.ceil(rows / (workers.size * TASKS_PER_WORKER)));
  const args = plan.filter ? plan.filter.argsFor(frames[0].vectors, context.parameters) : [];
  const source = runsKernelSource(plan.shape);
  const specs: TaskSpec[] = tasks.map((t) => ({
    source, lo: t.starts[0], hi: t.ends[t.ends.length - 1], args,
    columns: [...plan.slots.map((c) => frames[t.frame].vectors[c].data), Int32Array.from(t.starts), Int32Array.from(t.ends)],
  }));
  const step = new ParallelStep(context);
  let outputs: KernelOutput[];
  try {
    outputs = rows < workers.settings.minRows ? workers.runHere(specs, step) : await workers.runAll(specs, step);
  } finally {
    step.finish();
  }
  const groups = tasks.map((t) => Int32Array.from(t.groups));
  if (plan.filter) dropEmptyBuckets(buckets, outputs, groups);
  const targets = fusions(states, buckets.count);
  if (buckets.count > 0) outputs.forEach((o, t) => mergePartials(targets, o.fields ?? [], groups[t], groups[t].length));
  return true;
}

/** Each frame's bucket runs, one RunTask a frame (rows outside FROM/TO are in no run). */
function bucketRuns(frames: readonly ColumnBatch[], timestamp: number, buckets: BucketAssigner): RunTask[] {
  const out: RunTask[] = [];
  frames.forEach((f, frame) => {
    buckets.assign(f.vectors[timestamp].data as Float64Array, f.rowCount);
    if (buckets.runCount === 0) return;
    const n = buckets.runCount;
    out.push({
      frame,
      starts: Array.from(buckets.runStart.subarray(0, n)),
      ends: Array.from(buckets.runEnd.subarray(0, n)),
      groups: Array.from(buckets.runGroup.subarray(0, n)),
    });
  });
  return out;
}

/** Cuts the frames' runs into tasks of about `target` rows; a run longer than a task's room is split. */
export function dealRuns(frames: readonly RunTask[], target: number): RunTask[] {
  const tasks: RunTask[] = [];
  for (const f of frames) {
    let task: RunTask | undefined;
    let room = 0;
    for (let r = 0; r < f.starts.length; r++) {
      let lo = f.starts[r];
      const hi = f.ends[r];
      while (lo < hi) {
        if (!task || room === 0) {
          task = { frame: f.frame, starts: [], ends: [], groups: [] };
          tasks.push(task);
          room = Math.max(1, target);
        }
        const end = Math.min(hi, lo + room);
        task.starts.push(lo);
        task.ends.push(end);
        task.groups.push(f.groups[r]);
        room -= end - lo;
        lo = end;
      }
    }
  }
  return tasks;
}

/**
 * Under a filter a bucket can keep no row; the main thread never opens such a bucket, so it goes:
 * the others are renumbered in order (their runs' partials retargeted), and a dropped bucket's runs,
 * which carry nothing, point at bucket 0.
 */
function dropEmptyBuckets(buckets: BucketAssigner, outputs: readonly KernelOutput[], groups: readonly Int32Array[]): void {
  const seen = new Float64Array(buckets.count);
  outputs.forEach((o, t) => {
    const p = o.presence as Float64Array;
    for (let r = 0; r < p.length; r++) seen[groups[t][r]] += p[r];
  });
  const renumber = new Int32Array(buckets.count);
  let kept = 0;
  for (let g = 0; g < seen.length; g++) {
    if (seen[g] === 0) continue;
    renumber[g] = kept;
    buckets.bucketTs[kept++] = buckets.bucketTs[g];
  }
  if (kept === buckets.count) return;
  buckets.count = kept;
  for (const list of groups) for (let r = 0; r < list.length; r++) list[r] = seen[list[r]] === 0 ? 0 : renumber[list[r]];
}
