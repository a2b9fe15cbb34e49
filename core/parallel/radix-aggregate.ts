/**
 * A GROUP BY on one number key with many groups, radix-partitioned in two worker steps so that no thread
 * probes a table larger than its cache and no thread merges partial tables:
 * 1. scatter: each range (two per worker) writes its rows as records `[key, ordinal and hash, values…]` to one
 *    shared buffer, grouped by partition (the top bits of the key's hash), and counts them;
 * 2. partition: each task folds whole partitions (all ranges' segments of a partition, in scan order),
 *    so partials of different tasks never share a group.
 * The request thread then only ranks the groups by their first row (aggregate-output.ts), which gives
 * the order of the one-table kernels. Chosen for a shape whose last run (on this thread) made at least
 * RADIX_MIN_GROUPS groups; the record buffer counts against the query's memory limit, and when it does
 * not fit (or the records would pass 2^31 doubles) the one-table kernels run instead.
 */
import { KernelArg } from './kernel-task';
import { ColumnBatch } from '../data/column-batch';
import { AggregatePlan } from './aggregate-plan';
import { frameRanges } from './frame-chunks';
import { AggregateKernelShape } from './kernel-shape';
import { KernelOutput } from './kernel-task';
import { ParallelStep } from './parallel-step';
import { TaskSpec, QueryWorkers } from './query-workers';
import { partitionKernelSource, recordStride, scatterKernelSource } from './radix-kernel-source';
import { BudgetExceeded, growShared } from './shared-memory-budget';
import { float64Pool } from './shared-array-pool';

/** Partitioned runs so far (for tests and diagnostics). */
export const radixStats = { runs: 0 };

/** Groups the last run of a shape must have made for the next to partition (a table of ~300 KB and more). */
export const RADIX_MIN_GROUPS = 16384;
/** One record buffer (the largest) is kept while radix GROUP BYs keep coming: making a few hundred MB costs more than the scatter. */
const recordBuffers = float64Pool(1);
/** Groups a partition is meant to hold: its table stays within a core's L1 and L2 caches. */
const GROUPS_PER_PARTITION = 1024;
const MAX_BITS = 7;
const MIN_BITS = 3;
const MAX_RECORD_DOUBLES = 2 ** 31 - 1;
/** Ordinals times 2^22 must stay exact doubles. */
const MAX_ROWS = 2 ** 31 - 1;
const MAX_SHAPES = 256;

/** Per kernel source, the groups its last run on this thread produced. */
const lastGroups = new Map<string, number>();

/** Remembers how many groups a run of the one-key hash kernel `source` produced. */
export function rememberOutputGroups(source: string, groups: number): void {
  if (!lastGroups.has(source) && lastGroups.size >= MAX_SHAPES) lastGroups.clear();
  lastGroups.set(source, groups);
}

/** Partition bits for the next run of `source`: 0 (no partitioning) below RADIX_MIN_GROUPS groups last time. */
export function partitionBits(source: string): number {
  const groups = lastGroups.get(source) ?? 0;
  if (groups < RADIX_MIN_GROUPS) return 0;
  const bits = Math.ceil(Math.log2(groups / GROUPS_PER_PARTITION));
  return Math.min(MAX_BITS, Math.max(MIN_BITS, bits));
}

/** Partial groups of disjoint partitions (with `firsts`), or undefined when the records do not fit. */
export async function radixAggregate(plan: Pick<AggregatePlan, 'shape' | 'slots'>, frames: readonly ColumnBatch[], args: readonly KernelArg[],
  bits: number, workers: QueryWorkers, step: ParallelStep): Promise<KernelOutput[] | undefined> {
  const rows = frames.reduce((s, f) => s + f.rowCount, 0);
  const stride = recordStride(plan.shape);
  if (rows > MAX_ROWS || rows * stride > MAX_RECORD_DOUBLES) return undefined;
  try {
    growShared(step.budget, rows * stride * 8, 'GROUP BY keys');
  } catch (e) {
    if (e instanceof BudgetExceeded) return undefined;
    throw e;
  }
  const records = recordBuffers.take(rows * stride);
  radixStats.runs++;
  try {
    return await scatterAndFold(plan, frames, args, bits, workers, step, records);
  } finally {
    recordBuffers.give([records]);
  }
}

async function scatterAndFold(plan: Pick<AggregatePlan, 'shape' | 'slots'>, frames: readonly ColumnBatch[], args: readonly KernelArg[],
  bits: number, workers: QueryWorkers, step: ParallelStep, records: Float64Array): Promise<KernelOutput[]> {
  const ranges = frameRanges(frames, workers.size * 2);
  const starts: number[] = [];
  let at = 0;
  const scatter: TaskSpec[] = ranges.map((r) => {
    starts.push(at);
    const spec = {
      source: scatterKernelSource(plan.shape, bits), lo: r.lo, hi: r.hi, args: [...args, at],
      columns: [...plan.slots.map((c) => frames[r.frame].vectors[c].data), records],
    };
    at += r.hi - r.lo;
    return spec;
  });
  const counts = (await workers.runAll(scatter, step)).map((o) => o.partitionRows ?? new Float64Array(1 << bits));
  return workers.runAll(partitionTasks(counts, starts, bits, workers.size * 4, plan.shape, records), step);
}

/**
 * The partition step's tasks: `tasks` runs of consecutive partitions, each told, per partition and
 * range, where that range's records of the partition start and how many there are.
 */
export function partitionTasks(counts: readonly Float64Array[], starts: readonly number[], bits: number, tasks: number,
  shape: AggregateKernelShape, records: Float64Array): TaskSpec[] {
  const partitions = 1 << bits;
  const first = counts.map(() => 0);
  const segments: number[][] = [];
  for (let p = 0; p < partitions; p++) {
    const seg: number[] = [];
    counts.forEach((c, r) => {
      seg.push(starts[r] + first[r], c[p]);
      first[r] += c[p];
    });
    segments.push(seg);
  }
  const per = Math.max(1, Math.ceil(partitions / tasks));
  const source = partitionKernelSource(shape);
  const out: TaskSpec[] = [];
  for (let lo = 0; lo < partitions; lo += per) {
    const hi = Math.min(partitions, lo + per);
    out.push({ source, lo, hi, args: [counts.length, ...segments.slice(lo, hi).flat()], columns: [records] });
  }
  return out;
}
