/**
 * The GROUP BY result from kernels' partial aggregates, laid out as GroupBy's (aggregates, then the key):
 * - no key: one row;
 * - SYMBOL key: slot = symbol key + 1, partial arrays added slot by slot, one row per slot that saw rows,
 *   in symbol key order (as the main thread's dense path);
 * - number key: each range's groups (in its first-seen order) are keyed into one GroupKeyIndex in range
 *   order, so groups come out in the order of their first row in the scan;
 * - number key, radix-partitioned (radix-aggregate.ts): partials share no group, so each goes straight
 *   to its place, the rank of its first row's ordinal among all groups': the same order.
 */
import { ColumnBatch } from '../data/column-batch';
import { ColumnType, Types, TypeTag } from '../data/column-type';
import { MemorySymbolTable, SymbolTable } from '../data/symbol-table';
import { allocateData, Vector } from '../data/vector';
import { VectorBuilder } from '../data/vector-builder';
import { AggregateState, FusedAggregate } from '../extension/sql-function';
import { GroupKeyIndex } from '../sql/operators/group-key-index';
import { checkAborted, ExecContext } from '../sql/plan';
import { castVector } from '../sql/vector/cast-vector';
import { gather } from '../sql/vector/vector-ops';
import { AggregatePlan, GroupByParts } from './aggregate-plan';
import { KernelOutput } from './kernel-task';
import { mergePartials } from './partial-merge';
import { ordinalRanks } from './ordinal-order';
import { DenseRun } from './dense-keys';

export function aggregateOutput(node: GroupByParts, plan: AggregatePlan, outputs: readonly KernelOutput[], symbols: SymbolTable | undefined,
  context: ExecContext, dense?: DenseRun): ColumnBatch {
  const states = node.aggregates.map((a) => a.fn.create(a.args.map((x) => x.type), a.type, a.constants, context.memory));
  const values = (count: number, sel?: Int32Array): Vector[] => states.map((s, a) => {
    const v = s.value(count);
    return castVector(sel ? gather(v, sel, sel.length) : v, node.aggregates[a].type, sel ? sel.length : count);
  });
  if (plan.shape.key === 'none') {
    const targets = fusions(states, 1);
    for (const o of outputs) mergePartials(targets, o.fields ?? [], undefined, 1);
    return { rowCount: 1, vectors: values(1) };
  }
  if (plan.shape.key === 'symbol') return symbolOutput(states, outputs, symbols as SymbolTable, values);
  const keyType = plan.keyType as ColumnType;
  if (dense) return denseOutput(states, outputs, keyType, dense.keys, values);
  if (outputs.some((o) => o.firsts)) return partitionedOutput(states, outputs, keyType, values, context);
  const builder = new VectorBuilder(keyType, 1024, keyType.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined);
  const index = new GroupKeyIndex([builder], context.memory, 'GROUP BY keys');
  for (const o of outputs) {
    checkAborted(context);
    const keys = o.keys ?? new Float64Array(0);
    const n = keys.length;
    const ids = new Int32Array(n);
    index.assign([numberVector(keyType, keys)], n, ids);
    mergePartials(fusions(states, index.count), o.fields ?? [], ids, n);
  }
  return { rowCount: index.count, vectors: [...values(index.count), builder.build()] };
}

function partitionedOutput(states: readonly AggregateState[], outputs: readonly KernelOutput[], keyType: ColumnType,
  values: (count: number) => Vector[], context: ExecContext): ColumnBatch {
  const total = outputs.reduce((s, o) => s + (o.keys?.length ?? 0), 0);
  const firsts = new Float64Array(total);
  let at = 0;
  for (const o of outputs) { firsts.set(o.firsts ?? [], at); at += o.keys?.length ?? 0; }
  context.memory.grow(total * 16, 'GROUP BY keys');
  const ranks = ordinalRanks(firsts);
  const targets = fusions(states, total);
  const keys = new Float64Array(total);
  at = 0;
  for (const o of outputs) {
    const k = o.keys ?? new Float64Array(0), n = k.length, ids = ranks.subarray(at, at + n);
    for (let r = 0; r < n; r++) keys[ids[r]] = k[r];
    mergePartials(targets, o.fields ?? [], ids, n);
    at += n;
  }
  return { rowCount: total, vectors: [...values(total), numberVector(keyType, keys)] };
}

/**
 * Dense slots added up over the ranges (a slot's first row is in the first range that saw it); the slots
 * that saw rows, ranked by first row, become the groups.
 */
function denseOutput(states: readonly AggregateState[], outputs: readonly KernelOutput[], keyType: ColumnType,
  slotKeys: Float64Array, values: (count: number, sel?: Int32Array) => Vector[]): ColumnBatch {
  const slots = outputs[0]?.presence?.length ?? 0;
  const { seen, ranks } = rankedSlots(states, outputs, slots);
  const n = seen.length;
  const sel = new Int32Array(n), keys = new Float64Array(n);
  placeRanked(seen, ranks, slotKeys, sel, keys);
  return { rowCount: n, vectors: [...values(slots, sel), numberVector(keyType, keys)] };
}

/**
 * Slot-indexed partials (dense and tuple kernels) merged into `states`: the slots that saw rows (`seen`, in slot
 * order) and each one's rank by its first row (`ranks[k]` for `seen[k]`): the groups' order.
 */
export function rankedSlots(states: readonly AggregateState[], outputs: readonly KernelOutput[], slots: number): { seen: Int32Array; ranks: Int32Array } {
  const targets = fusions(states, slots);
  const presence = new Float64Array(slots), firsts = new Float64Array(slots);
  for (const o of outputs) {
    mergePartials(targets, o.fields ?? [], undefined, slots);
    addPresence(presence, firsts, o.presence ?? presence, o.firsts ?? firsts, slots);
  }
  const n = countPresent(presence, slots);
  const seen = new Int32Array(n), order = new Float64Array(n);
  listPresent(presence, firsts, slots, seen, order);
  return { seen, ranks: ordinalRanks(order) };
}

// The dense merge's loops, one per function: V8 optimizes a long loop while it runs (on-stack), and a
// function holding several such loops in a row was deoptimized at each next loop (no type feedback there
// yet): ~40 deoptimizations over the first ten queries, each run of them ~20 ms slower.

/** Adds a range's slot rows to `presence`; a slot's first row is the first range's that saw it. */
function addPresence(presence: Float64Array, firsts: Float64Array, p: Float64Array, f: Float64Array, slots: number): void {
  for (let g = 0; g < slots; g++) {
    if (p[g] === 0) continue;
    if (presence[g] === 0) firsts[g] = f[g];
    presence[g] += p[g];
  }
}

function countPresent(presence: Float64Array, slots: number): number {
  let n = 0;
  for (let g = 0; g < slots; g++) if (presence[g] > 0) n++;
  return n;
}

/** The slots that saw rows, in slot order, and their first rows. */
function listPresent(presence: Float64Array, firsts: Float64Array, slots: number, seen: Int32Array, order: Float64Array): void {
  for (let g = 0, k = 0; g < slots; g++) if (presence[g] > 0) { seen[k] = g; order[k++] = firsts[g]; }
}

/** Group `ranks[k]` is slot `seen[k]`: its selection entry and key. */
function placeRanked(seen: Int32Array, ranks: Int32Array, slotKeys: Float64Array, sel: Int32Array, keys: Float64Array): void {
  for (let k = 0; k < seen.length; k++) {
    const g = seen[k];
    sel[ranks[k]] = g;
    keys[ranks[k]] = slotKeys[g];
  }
}

function symbolOutput(states: readonly AggregateState[], outputs: readonly KernelOutput[], symbols: SymbolTable,
  values: (count: number, sel?: Int32Array) => Vector[]): ColumnBatch {
  const slots = symbols.size + 1;
  const targets = fusions(states, slots);
  const presence = new Float64Array(slots);
  for (const o of outputs) {
    mergePartials(targets, o.fields ?? [], undefined, slots);
    const p = o.presence ?? presence;
    for (let g = 0; g < slots; g++) presence[g] += p[g];
  }
  let n = 0;
  for (let g = 0; g < slots; g++) if (presence[g] > 0) n++;
  const sel = new Int32Array(n), keys = new Int32Array(n);
  for (let g = 0, k = 0; g < slots; g++) if (presence[g] > 0) { sel[k] = g; keys[k++] = g - 1; }
  return { rowCount: n, vectors: [...values(slots, sel), { type: Types.SYMBOL, data: keys, symbols }] };
}

/** Each state's fused arrays once it has room for `groups` groups. */
export function fusions(states: readonly AggregateState[], groups: number): FusedAggregate[] {
  return states.map((s) => {
    s.init(groups);
    // A LONG sum of bounded CASE constants takes the kernels' partials without a fused form (aggregate-plan.ts).
    const f = s.fusion?.() ?? s.partials?.();
    if (!f) throw new Error('a parallel aggregate lost its fused form');
    return f;
  });
}

/** A key vector of the key's own type from the kernel's doubles (exact: every such key fits a double). */
function numberVector(type: ColumnType, keys: Float64Array): Vector {
  if (type.tag === TypeTag.DOUBLE || type.tag === TypeTag.LONG || type.tag === TypeTag.TIMESTAMP || type.tag === TypeTag.DATE) {
    return { type, data: keys };
  }
  const data = allocateData(type, keys.length);
  data.set(keys);
  return { type, data };
}
