/**
 * count_distinct(x) (also `count(DISTINCT x)` and approx_count_distinct, which is exact here): the number
 * of distinct non-null values per group. Without GROUP BY, number values go straight into a NumberHashIndex
 * (12 bytes a slot, nothing else kept: 17M distinct LONGs take ~400 MB); other values, and (group, value)
 * pairs when grouped, go through a GroupKeyIndex that records them. A new id is a new value or pair, so
 * the group's count rises by one. Typed-array hash tables all the way (a JS Set stops at 2^24 values);
 * they grow through the query's `cairo.sql.hash.max.memory` budget. Recorded values (and the number
 * table's keys) let another state be merged in.
 */
import { ColumnType, isVarSize, Types, TypeTag } from '../../../core/data/column-type';
import { MemorySymbolTable } from '../../../core/data/symbol-table';
import { INT_NULL, LONG_NULL } from '../../../core/data/null-values';
import { VectorBuilder } from '../../../core/data/vector-builder';
import { elementsPerRow, Vector, vectorLength } from '../../../core/data/vector';
import { AggregateState } from '../../../core/extension/sql-function';
import { GroupKeyIndex } from '../../../core/sql/operators/group-key-index';
import { NumberHashIndex } from '../../../core/sql/operators/number-hash-index';
import { isNullKey } from '../../../core/sql/operators/row-key';
import { QueryMemory, UNLIMITED_MEMORY } from '../../../core/sql/query-memory';
import { SymbolDistinctBits } from './symbol-distinct-bits';

const WHAT = 'count_distinct values';

export class DistinctCountState implements AggregateState {
  private counts = new Float64Array(16);
  private ids = new Int32Array(0);
  private numbers: NumberHashIndex | undefined;
  private flat: GroupKeyIndex | undefined;
  private grouped: GroupKeyIndex | undefined;
  /** Grouped SYMBOL values: bit sets over the dictionary, until they no longer serve (then `noBits`). */
  private bits: SymbolDistinctBits | undefined;
  private noBits = false;
  private groups = 0;

  constructor(private readonly type: ColumnType, private readonly memory: QueryMemory = UNLIMITED_MEMORY) {}

  init(groups: number): void {
    this.groups = Math.max(this.groups, groups);
    if (groups <= this.counts.length) return;
    const grown = new Float64Array(Math.max(groups, this.counts.length * 2));
    this.memory.grow(grown.byteLength - this.counts.byteLength, WHAT);
    grown.set(this.counts);
    this.counts = grown;
  }

  add(args: readonly Vector[], groups: Int32Array | undefined, n: number): void {
    const v = args[0];
    if (this.ids.length < n) this.ids = new Int32Array(n);
    const ids = this.ids;
    if (!groups && !v.exact && isNumberLike(v.type) && !this.flat) { this.addNumbers(v.data, n); return; }
    if (groups && this.bitsFor(v)) { (this.bits as SymbolDistinctBits).add(v.data as Int32Array, groups, n, this.counts); return; }
    // A batch with exact LONGs (beyond 2^53) after number batches: one index from here on.
    if (!groups && this.numbers) this.moveNumbersToIndex();
    const index = groups ? (this.grouped ??= this.newIndex(true)) : (this.flat ??= this.newIndex(false));
    let next = index.count;
    index.assign(groups ? [{ type: Types.INT, data: groups }, v] : [v], n, ids);
    for (let i = 0; i < n; i++) {
      if (ids[i] !== next) continue;
      next++;
      if (!isNullKey(v, i)) this.counts[groups ? groups[i] : 0]++;
    }
  }

  private addNumbers(d: ArrayLike<number>, n: number): void {
    const numbers = (this.numbers ??= new NumberHashIndex(1024, this.memory, WHAT));
    let next = numbers.count;
    numbers.assign(d, n, this.ids, () => next++);
    // The type's null sentinel has an id like any value but is not counted (NaN is kept apart, uncounted).
    const nullKey = nullKeyOf(this.type);
    this.counts[0] = numbers.count - (nullKey !== undefined && nullKey === nullKey && numbers.find(nullKey) >= 0 ? 1 : 0);
  }

  private moveNumbersToIndex(): void {
    const numbers = this.numbers as NumberHashIndex;
    this.numbers = undefined;
    this.flat ??= this.newIndex(false);
    this.counts[0] = 0;
    const nullKey = nullKeyOf(this.type);
    const one = new Float64Array(1);
    numbers.forEachKey((x) => {
      if (x !== x || x === nullKey) return;
      one[0] = x;
      this.add([{ type: Types.DOUBLE, data: one }], undefined, 1);
    });
  }

  /** True when the bit sets take `v`'s rows (a SYMBOL of the one dictionary, within the bits' bound); else leaves them. */
  private bitsFor(v: Vector): boolean {
    if (this.noBits || v.type.tag !== TypeTag.SYMBOL || !(v.data instanceof Int32Array)) return false;
    const bits = (this.bits ??= new SymbolDistinctBits(v.symbols, this.memory));
    if (bits.accepts(v.symbols, this.groups)) return true;
    this.leaveBits();
    return false;
  }

  /** Replays every group's set into the grouped hash table (already counted), then keeps to the table. */
  private leaveBits(): void {
    this.noBits = true;
    const bits = this.bits;
    if (!bits) return;
    this.bits = undefined;
    const index = (this.grouped ??= this.newIndex(true));
    for (let g = 0; g < bits.groupCount; g++) {
      const keys = bits.keysOf(g);
      if (keys.length === 0) continue;
      const owners = new Int32Array(keys.length).fill(g), ids = new Int32Array(keys.length);
      index.assign([{ type: Types.INT, data: owners }, { type: this.type, data: Int32Array.from(keys), symbols: bits.table }], keys.length, ids);
    }
    bits.release();
  }

  merge(o: AggregateState, from: number, to: number): void {
    const other = o as DistinctCountState;
    if (other.bits) {
      const keys = other.bits.keysOf(from);
      const symbols: Vector = { type: this.type, data: Int32Array.from(keys), symbols: other.bits.table };
      this.init(to + 1);
      if (this.bitsFor(symbols)) {
        const bits = this.bits as SymbolDistinctBits;
        for (const k of keys) if (bits.set(to, k)) this.counts[to]++;
      } else {
        this.add([symbols], new Int32Array(keys.length).fill(to), keys.length);
      }
    }
    if (other.numbers && from === 0) {
      const one = new Float64Array(1), sel = Int32Array.of(to);
      other.numbers.forEachKey((x) => { one[0] = x; this.add([{ type: Types.DOUBLE, data: one }], to === 0 ? undefined : sel, 1); });
    }
    for (const index of [other.flat, other.grouped]) {
      if (!index) continue;
      const recorded = index.builders.map((b) => b.build());
      const values = recorded[recorded.length - 1];
      const rows = vectorLength(values);
      const owners = recorded.length === 2 ? (recorded[0].data as Int32Array) : undefined;
      const sel = new Int32Array(1);
      for (let r = 0; r < rows; r++) {
        if (owners && owners[r] !== from) continue;
        sel[0] = to;
        this.add([sliceRow(values, r)], sel, 1);
      }
    }
  }

  value(groups: number): Vector {
    return { type: Types.LONG, data: this.counts.slice(0, groups) };
  }

  private newIndex(grouped: boolean): GroupKeyIndex {
    const t = this.type;
    const builders = [
      ...(grouped ? [new VectorBuilder(Types.INT, 16)] : []),
      new VectorBuilder(t, 16, t.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined),
    ];
    return new GroupKeyIndex(builders, this.memory, WHAT);
  }
}

/** Types whose values are the float64s of `data`, one per row, nulls included (INT_NULL, LONG_NULL, NaN). */
function isNumberLike(t: ColumnType): boolean {
  return !isVarSize(t) && elementsPerRow(t) === 1 && t.tag !== TypeTag.SYMBOL;
}

/** The null sentinel among a number-like type's values (none for BOOLEAN, BYTE, SHORT). */
function nullKeyOf(t: ColumnType): number | undefined {
  switch (t.tag) {
    case TypeTag.FLOAT: case TypeTag.DOUBLE: return NaN;
    case TypeTag.INT: return INT_NULL;
    case TypeTag.LONG: case TypeTag.DATE: case TypeTag.TIMESTAMP: case TypeTag.TIMESTAMP_NS: return LONG_NULL;
    case TypeTag.CHAR: case TypeTag.IPV4: return 0;
    case TypeTag.GEOHASH: return -1;
    default: return undefined;
  }
}

/** Row r of a recorded vector as a one-row vector. */
function sliceRow(v: Vector, r: number): Vector {
  const b = new VectorBuilder(v.type, 1, v.symbols);
  b.appendFrom(v, r);
  return b.build();
}
