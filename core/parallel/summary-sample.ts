/**
 * SAMPLE BY without a key or a filter over block summaries (block-summary.ts): the whole blocks inside each
 * bucket run of a frame whose columns are its partition's settled arrays, or views within them
 * (summary-aggregate.ts), fold from the summaries into one partial group per run; the run's rows before its
 * first whole block and after its last stay runs for the runs kernel, in the same bucket. A bucket shorter
 * than a block, or a frame of other arrays, is left as it was.
 */
import { ColumnBatch } from '../data/column-batch';
import { FixedArray } from '../data/vector';
import { AggregatePlan } from './aggregate-plan';
import type { RunTask } from './parallel-sample';
import { frameOrigin, SummedSpan, wholeBlockSpan } from './summary-aggregate';

export interface SummarizedRuns {
  /** Whole blocks of runs, and the bucket of each. */
  readonly spans: readonly SummedSpan[];
  readonly groups: readonly number[];
  /** The runs (and parts of runs) left to the kernel, per frame. */
  readonly rest: readonly RunTask[];
}

export function summarizeRuns(plan: AggregatePlan, frames: readonly ColumnBatch[], runs: readonly RunTask[]): SummarizedRuns {
  const spans: SummedSpan[] = [];
  const groups: number[] = [];
  const rest: RunTask[] = [];
  for (const t of runs) {
    const origin = frameOrigin(plan, frames[t.frame]);
    if (!origin || origin.arrays.length === 0) { rest.push(t); continue; }
    const left: RunTask = { frame: t.frame, starts: [], ends: [], groups: [] };
    const keep = (lo: number, hi: number, group: number): void => {
      if (hi <= lo) return;
      left.starts.push(lo);
      left.ends.push(hi);
      left.groups.push(group);
    };
    const arrays: readonly FixedArray[] = origin.arrays, off = origin.offset;
    t.starts.forEach((start, r) => {
      const span = wholeBlockSpan(start + off, t.ends[r] + off, arrays[0].length);
      if (!span) { keep(start, t.ends[r], t.groups[r]); return; }
      spans.push({ arrays, first: span.first, end: span.end, rows: span.to - span.from });
      groups.push(t.groups[r]);
      keep(start, span.from - off, t.groups[r]);
      keep(span.to - off, t.ends[r], t.groups[r]);
    });
    if (left.starts.length > 0) rest.push(left);
  }
  return { spans, groups, rest };
}
