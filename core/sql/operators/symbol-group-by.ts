/**
 * GROUP BY one SYMBOL column of a table scan with fusable aggregates: the symbol key itself is the
 * group slot (key + 1, slot 0 for null), so there is no hashing and no key mapping pass (the issue's
 * "direct arrays indexed by key"). The reader's dictionary is fixed for the scan, so slots stay valid
 * across batches.
 */
import { Types } from '../../data/column-type';
import { SymbolTable } from '../../data/symbol-table';
import { Vector } from '../../data/vector';
import { AggregateState, FusedAggregate } from '../../extension/sql-function';
import { fusedLoop } from './fused-aggregation';
import { gather } from '../vector/vector-ops';

export class SymbolGroupSlots {
  private table: SymbolTable | undefined;
  private presence = new Float64Array(16);

  constructor(private readonly states: readonly AggregateState[]) {}

  /** True when this batch's keys use the same dictionary as earlier batches and every state fuses. */
  accepts(keys: Vector): boolean {
    return keys.symbols !== undefined && (this.table === undefined || this.table === keys.symbols);
  }

  add(keys: Vector, args: readonly (readonly Vector[])[], n: number): void {
    this.table = keys.symbols;
    const slots = (this.table?.size ?? 0) + 1;
    if (this.presence.length < slots) { const p = new Float64Array(Math.max(slots, this.presence.length * 2)); p.set(this.presence); this.presence = p; }
    for (const s of this.states) s.init(slots);
    const keyData = keys.data as Int32Array;
    const fusions = this.states.map((s) => s.fusion?.());
    if (args.some((v) => v.some((x) => x.exact)) || fusions.some((f) => f === undefined)) {
      // Exact 64-bit values (exact-longs.ts) are folded by each state; slot = key + 1 as in the fused loop.
      const slotOf = new Int32Array(n);
      for (let i = 0; i < n; i++) { slotOf[i] = keyData[i] + 1; this.presence[slotOf[i]]++; }
      this.states.forEach((s, a) => s.add(args[a], slotOf, n));
      return;
    }
    const fused = [...(fusions as FusedAggregate[]), { op: 'count', nulls: 'none', acc: this.presence, counts: this.presence } as const];
    const cols = [...args.map((v) => (v.length ? v[0].data : keyData)), keyData];
    fusedLoop(fused, 1)(keyData, n, cols, fused.map((f) => f.acc), fused.map((f) => f.counts));
  }

  /** Aggregate vectors then the key vector, for the slots that saw rows. */
  result(): { rowCount: number; aggregates: Vector[]; key: Vector } {
    const slots = (this.table?.size ?? 0) + 1;
    const present: number[] = [];
    for (let s = 0; s < slots; s++) if (this.presence[s] > 0) present.push(s);
    const sel = Int32Array.from(present);
    const keys = new Int32Array(present.length);
    present.forEach((s, i) => { keys[i] = s - 1; });
    const aggregates = this.states.map((st) => gather(st.value(slots), sel, sel.length));
    return { rowCount: sel.length, aggregates, key: { type: Types.SYMBOL, data: keys, symbols: this.table } };
  }
}
