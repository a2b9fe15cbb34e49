/**
 * SAMPLE BY in the worker pool, without a key or keyed by one SYMBOL column. The designated timestamp is
 * ordered, so each frame's rows cut into bucket runs by binary search (sample-buckets.ts) without reading
 * every timestamp; the runs are dealt to tasks of similar row counts (a long run split across tasks), each
 * task folds its runs with the runs kernel (kernel-source.ts `runsKernelSource`: one partial group per run,
 * or per run and symbol slot), and the partials merge into the groups' aggregate states on the main thread
 * in run order. Chosen as GROUP BY's parallel path is (parallel-aggregate.ts): a pool, a shape
 * aggregate-plan.ts accepts, enough rows, no symbol narrowing. Without a key or a filter, the whole blocks
 * inside each run fold from block summaries instead (summary-sample.ts).
 */
import { boundedFrames } from './bounded-frames';
import { ColumnBatch } from '../data/column-batch';
import { ColumnType, TypeTag } from '../data/column-type';
import { SymbolTable } from '../data/symbol-table';
import { Vector } from '../data/vector';
import { AggregateState } from '../extension/sql-function';
import { BucketAssigner } from '../sql/operators/sample-buckets';
import type { BucketGroups, SampleBySpec } from '../sql/operators/sample-by';
import { checkAborted, ExecContext } from '../sql/plan';
import { aggregatePlan } from './aggregate-plan';
import { fusions } from './aggregate-output';
import { runsKernelSource } from './kernel-source';
import { KernelOutput } from './kernel-task';
import { fits } from './parallel-aggregate';
import { ParallelStep } from './parallel-step';
import { TaskSpec } from './query-workers';
import { mergePartials } from './partial-merge';
import { countSummaries, missingSummaries } from './block-summary';
import { summaryRuns, summaryShape } from './summary-aggregate';
import { summarizeRuns } from './summary-sample';

/** Tasks per worker: more than one evens out a worker that is slowed down. */
const TASKS_PER_WORKER = 4;

/** Runs of one task, all in one frame: run r is rows [starts[r], ends[r]) of bucket groups[r]. */
export interface RunTask {
  readonly frame: number;
  readonly starts: number[];
  readonly ends: number[];
  readonly groups: number[];
}

/** Run slots (runs × symbol slots) a keyed SAMPLE BY may hold in partials: more stays on the main thread. */
const MAX_RUN_SLOTS = 1 << 20;

/**
 * Folds the sampled rows into `states` and returns their groups, or undefined when the main thread's
 * SampleBy should run. Groups come in the main thread's order: by bucket, and in a bucket by key in the
 * order of the key's first row there; key ids in the order of each key's first row in the scan.
 */
export async function parallelSample(spec: SampleBySpec, states: readonly AggregateState[], context: ExecContext): Promise<BucketGroups | undefined> {
  const workers = context.workers;
  if (!workers || !workers.settings.groupBy) return undefined;
  const plan = aggregatePlan(spec);
  // A filter hides rows from the clock: only a clock that does not start from the first row is the same.
  if (!plan || plan.shape.key === 'number' || plan.shape.key === 'tuple' || (plan.filter && spec.clockFromFirstRow)) return undefined;
  if (plan.scan.symbolNarrowing(context) !== undefined || plan.scan.estimateRows(context) < workers.settings.minRows) return undefined;
  const frames = await boundedFrames(plan.scan.frames(context), [...plan.slots, spec.timestamp], workers.settings.maxFrameBytes ?? Infinity);
  if (!frames || frames.length === 0 || !fits(plan, frames) || frames.some((f) => f.vectors[spec.timestamp].type.tag !== TypeTag.TIMESTAMP)) return undefined;
  const symbols = plan.shape.key === 'symbol' ? frames[0].vectors[plan.slots[plan.shape.keyColumn]].symbols : undefined;
  if (plan.shape.key === 'symbol' && !symbols) return undefined;
  const slots = symbols ? symbols.size + 1 : 1;
  const buckets = new BucketAssigner(spec.clock, spec.from, spec.to, false);
  let runs = bucketRuns(frames, spec.timestamp, buckets);
  // Without a key or filter, whole blocks inside a bucket fold from block summaries; the kernel reads the rest.
  const summed = workers.settings.summaries !== false && !symbols && summaryShape(plan) && spannedRows(runs) >= workers.settings.minRows ? summarizeRuns(plan, frames, runs) : undefined;
  if (summed) runs = [...summed.rest];
  const summaries = missingSummaries(summed ? summed.spans.flatMap((f) => f.arrays) : [], workers.size * TASKS_PER_WORKER);
  const rows = spannedRows(runs);
  const tasks = dealRuns(runs, Math.ceil(rows / (workers.size * TASKS_PER_WORKER)));
  if (tasks.reduce((s, t) => s + t.starts.length, 0) * slots > MAX_RUN_SLOTS) return undefined;
  if (plan.exactRows !== undefined && rows > plan.exactRows) return undefined;
  const code = plan.code ?? plan.filter;
  const args = code ? code.argsFor(frames[0].vectors, context) : [];
  if (symbols) args.push(slots);
  const source = runsKernelSource(plan.shape);
  const specs: TaskSpec[] = tasks.map((t) => ({
    source, lo: t.starts[0], hi: t.ends[t.ends.length - 1], args,
    columns: [...plan.slots.map((c) => frames[t.frame].vectors[c].data), Int32Array.from(t.starts), Int32Array.from(t.ends)],
  }));
  const step = new ParallelStep(context);
  let outputs: KernelOutput[];
  try {
    const builds = summaries.specs.length;
    const all = rows < workers.settings.minRows && builds === 0 ? workers.runHere(specs, step) : await workers.runAll([...summaries.specs, ...specs], step);
    countSummaries(summaries, all.slice(0, builds), summed?.spans.length ?? 0, workers.stats);
    outputs = all.slice(builds);
  } finally {
    step.finish();
  }
  checkAborted(context);
  if (summed && summed.spans.length > 0) {
    tasks.push({ frame: -1, starts: [], ends: [], groups: [...summed.groups] });
    outputs.push(summaryRuns(plan, summed.spans));
  }
  return symbols ? keyedGroups(buckets, tasks, outputs, states, symbols, plan.keyType as ColumnType) : bucketGroups(buckets, tasks, outputs, states, plan.filter !== undefined);
}

/** No key: one group per bucket (under a filter, buckets left without a row are dropped). */
function bucketGroups(buckets: BucketAssigner, tasks: readonly RunTask[], outputs: readonly KernelOutput[], states: readonly AggregateState[], filtered: boolean): BucketGroups {
  const groups = tasks.map((t) => Int32Array.from(t.groups));
  if (filtered) dropEmptyBuckets(buckets, outputs, groups);
  const targets = fusions(states, buckets.count);
  if (buckets.count > 0) outputs.forEach((o, t) => mergePartials(targets, o.fields ?? [], groups[t], groups[t].length));
  return { count: buckets.count, bucketTs: buckets.bucketTs, groupKey: new Int32Array(0), keyCount: 0, keyVectors: [], clock: buckets.clock };
}

/**
 * SYMBOL key: each run's slots that saw rows, taken in the order of their first row, open the bucket's
 * group for their key unless an earlier run of the bucket did; keys get ids as they are first seen.
 */
function keyedGroups(buckets: BucketAssigner, tasks: readonly RunTask[], outputs: readonly KernelOutput[], states: readonly AggregateState[],
  symbols: SymbolTable, keyType: ColumnType): BucketGroups {
  const slots = symbols.size + 1;
  const keyOfSlot = new Int32Array(slots).fill(-1), keySlots: number[] = [];
  const openIn = new Int32Array(slots).fill(-1), groupOfSlot = new Int32Array(slots);
  const bucketTs: number[] = [], groupKey: number[] = [];
  const targets = outputs.map((o) => new Int32Array(o.presence?.length ?? 0));
  outputs.forEach((o, t) => {
    const presence = o.presence as Float64Array, firsts = o.firsts as Float64Array;
    tasks[t].groups.forEach((bucket, r) => {
      const base = r * slots;
      for (const s of seenInOrder(presence, firsts, base, slots)) {
        if (keyOfSlot[s] < 0) { keyOfSlot[s] = keySlots.length; keySlots.push(s); }
        if (openIn[s] !== bucket) {
          openIn[s] = bucket;
          groupOfSlot[s] = groupKey.length;
          groupKey.push(keyOfSlot[s]);
          bucketTs.push(buckets.bucketTs[bucket]);
        }
        targets[t][base + s] = groupOfSlot[s];
      }
    });
  });
  const count = groupKey.length;
  const fused = fusions(states, count);
  if (count > 0) outputs.forEach((o, t) => mergePartials(fused, o.fields ?? [], targets[t], targets[t].length));
  const keys: Vector = { type: keyType, data: Int32Array.from(keySlots, (s) => s - 1), symbols };
  return { count, bucketTs: Float64Array.from(bucketTs), groupKey: Int32Array.from(groupKey), keyCount: keySlots.length, keyVectors: [keys], clock: buckets.clock };
}

/** The slots of one run (from `base`) that saw rows, by their first row. */
function seenInOrder(presence: Float64Array, firsts: Float64Array, base: number, slots: number): number[] {
  const seen: number[] = [];
  for (let s = 0; s < slots; s++) if (presence[base + s] > 0) seen.push(s);
  return seen.sort((a, b) => firsts[base + a] - firsts[base + b]);
}

/** Rows from the first run's start to the last run's end, summed over the frames' run lists. */
function spannedRows(runs: readonly RunTask[]): number {
  return runs.reduce((s, t) => s + t.ends[t.ends.length - 1] - t.starts[0], 0);
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
