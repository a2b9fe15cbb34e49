/**
 * GROUP BY two SYMBOL keys in the worker pool (tuple mode): each range folds its rows into a dense 2-D array
 * over both dictionaries (tuple-kernel-source.ts), the request thread adds the ranges' slots up, keeps the
 * slots that saw rows and ranks them by their first row, so the groups come out in the order the main
 * thread's GroupBy gives (first seen first), with the keys read back from the slot: key₁ = ⌊slot / S2⌋ − 1,
 * key₂ = slot mod S2 − 1. Dictionaries whose product of sizes passes MAX_TUPLE_SLOTS leave the query to the
 * main thread (its direct tuple table, group-key-index.ts).
 */
import { ColumnBatch } from '../data/column-batch';
import { SymbolTable } from '../data/symbol-table';
import { Vector } from '../data/vector';
import { checkAborted, ExecContext } from '../sql/plan';
import { castVector } from '../sql/vector/cast-vector';
import { gather } from '../sql/vector/vector-ops';
import { rankedSlots } from './aggregate-output';
import { AggregatePlan, GroupByParts } from './aggregate-plan';
import { frameRanges } from './frame-chunks';
import { KernelArg, KernelOutput } from './kernel-task';
import { ParallelStep } from './parallel-step';
import { TaskSpec } from './query-workers';
import { tupleKernelSource } from './tuple-kernel-source';

/** Slots of one task's arrays (each aggregate two, plus rows and first rows): 2^18, ~2 MiB an array. */
export const MAX_TUPLE_SLOTS = 1 << 18;

/** The grouped rows (aggregates, then both keys), or undefined when the dictionaries are too large for the slots. */
export async function tupleAggregate(node: GroupByParts, plan: AggregatePlan, frames: readonly ColumnBatch[], rows: number,
  args: readonly KernelArg[], context: ExecContext): Promise<ColumnBatch | undefined> {
  const workers = context.workers;
  if (!workers) return undefined;
  const first = frames[0].vectors[plan.slots[plan.shape.keyColumn]].symbols;
  const second = frames[0].vectors[plan.slots[plan.shape.keyColumn2 ?? plan.shape.keyColumn]].symbols;
  const s2 = (second?.size ?? 0) + 1, slots = ((first?.size ?? 0) + 1) * s2;
  if (slots > MAX_TUPLE_SLOTS) return undefined;
  const source = tupleKernelSource(plan.shape);
  let at = 0;
  const specs: TaskSpec[] = frameRanges(frames, workers.size * 4).map((r) => {
    const spec = { source, lo: r.lo, hi: r.hi, args: [...args, slots, s2, at], columns: plan.slots.map((c) => frames[r.frame].vectors[c].data) };
    at += r.hi - r.lo;
    return spec;
  });
  const step = new ParallelStep(context);
  let outputs: KernelOutput[];
  try {
    outputs = rows < workers.settings.minRows ? workers.runHere(specs, step) : await workers.runAll(specs, step);
  } finally {
    step.finish();
  }
  checkAborted(context);
  return tupleOutput(node, outputs, [first, second], s2, slots, context);
}

function tupleOutput(node: GroupByParts, outputs: readonly KernelOutput[], tables: readonly (SymbolTable | undefined)[], s2: number,
  slots: number, context: ExecContext): ColumnBatch {
  const states = node.aggregates.map((a) => a.fn.create(a.args.map((x) => x.type), a.type, a.constants, context.memory));
  const { seen, ranks } = rankedSlots(states, outputs, slots);
  const n = seen.length;
  const sel = new Int32Array(n), k1 = new Int32Array(n), k2 = new Int32Array(n);
  placeSlots(seen, ranks, s2, sel, k1, k2);
  const values = states.map((s, a) => castVector(gather(s.value(slots), sel, n), node.aggregates[a].type, n));
  const keys: Vector[] = [
    { type: node.keys[0].type, data: k1, symbols: tables[0] },
    { type: node.keys[1].type, data: k2, symbols: tables[1] },
  ];
  return { rowCount: n, vectors: [...values, ...keys] };
}

// One long loop per function (see aggregate-output.ts).

function placeSlots(seen: Int32Array, ranks: Int32Array, s2: number, sel: Int32Array, k1: Int32Array, k2: Int32Array): void {
  for (let k = 0; k < seen.length; k++) {
    const g = seen[k], r = ranks[k];
    sel[r] = g;
    k1[r] = Math.floor(g / s2) - 1;
    k2[r] = (g % s2) - 1;
  }
}
