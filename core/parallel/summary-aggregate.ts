/**
 * An ungrouped, unfiltered count(*)/sum/avg/min/max of FLOAT and DOUBLE columns over whole partitions
 * folds block summaries (block-summary.ts) instead of rows: a frame is *summed* when every column the
 * aggregates read is its partition's own settled array. Summaries missing are built by the workers in the
 * same step as the scan of the other frames; each summed frame then gives the partial output its kernel
 * would have given (rows, and per aggregate an accumulator and a count), folded over its blocks in order.
 */
import { ColumnBatch } from '../data/column-batch';
import { FixedArray } from '../data/vector';
import { AggregatePlan } from './aggregate-plan';
import { blockCount, knownSummary, RECORD, summarizable, SummaryBuild, summaryStats, summaryTasks } from './block-summary';
import { KernelAggregate } from './kernel-shape';
import { KernelOutput } from './kernel-task';
import { TaskSpec } from './query-workers';

/** Whether the plan's aggregates fold from summaries: no key, no filter, count(*) or sum/min/max of a FLOAT or DOUBLE column. */
export function summaryShape(plan: AggregatePlan): boolean {
  return plan.shape.key === 'none' && !plan.filter && plan.shape.aggregates.every((f) => f.op === 'count' || f.nulls === 'nan');
}

/** The arrays the aggregates of `frame` read, when each can be summarised and holds exactly the frame's rows; else undefined. */
export function summedArrays(plan: AggregatePlan, frame: ColumnBatch): FixedArray[] | undefined {
  const arrays: FixedArray[] = [];
  for (const f of plan.shape.aggregates) {
    if (f.op === 'count') continue;
    const data = frame.vectors[plan.slots[f.column]].data;
    if (!summarizable(data) || data.length !== frame.rowCount) return undefined;
    arrays.push(data);
  }
  return arrays;
}

/** The summaries `arrays` lack, as tasks over about `pieces` ranges. */
export function missingSummaries(arrays: readonly FixedArray[], pieces: number): { builds: SummaryBuild[]; specs: TaskSpec[] } {
  return summaryTasks(arrays.filter((a) => knownSummary(a) === undefined), pieces);
}

/** A summed frame's partial output, from its columns' summaries (all built). */
export function summaryOutput(plan: AggregatePlan, frame: ColumnBatch): KernelOutput {
  summaryStats.folds++;
  const presence = Float64Array.of(frame.rowCount);
  const fields = plan.shape.aggregates.flatMap((f) => {
    if (f.op === 'count') return [presence, presence];
    const data = frame.vectors[plan.slots[f.column]].data;
    const records = knownSummary(data);
    if (!records) throw new Error('block summary missing');
    return fold(f, records, blockCount(data.length));
  });
  return { presence, fields };
}

/** An aggregate's accumulator and count over `blocks` records, in block order (as a kernel folds its blocks). */
function fold(f: KernelAggregate, records: Float64Array, blocks: number): Float64Array[] {
  let acc = 0, count = 0;
  for (let b = 0; b < blocks; b++) {
    const k = b * RECORD, n = records[k + 1];
    if (n === 0) continue;
    if (f.op === 'sum') {
      acc += records[k];
      count += n;
    } else {
      const x = f.op === 'min' ? records[k + 2] : records[k + 3];
      if (count === 0 || (f.op === 'min' ? x < acc : x > acc)) acc = x;
      count++;
    }
  }
  return [Float64Array.of(acc), Float64Array.of(count)];
}
