/**
 * Maps the key values of each row to a dense group id (GROUP BY, DISTINCT, LATEST ON, SAMPLE BY keys,
 * ASOF/hash join and set-operation keys). The path is chosen once, from the key types:
 * - one SYMBOL: a direct array per dictionary indexed by the symbol key, filled on first sight from the
 *   symbol's text id (so equal strings of different dictionaries are one group);
 * - one STRING/VARCHAR: the value's id in a ByteKeyIndex of texts, then an array from text id to group;
 * - one number-like key: a NumberHashIndex over the float64 values;
 * - anything else (and LONGs beyond 2^53): the row encoded by RowKeyEncoder, its id in a ByteKeyIndex.
 * Everything is typed arrays, so any number of keys fits until `cairo.sql.hash.max.memory`. New groups
 * record their key values into `builders` (none: nothing is recorded).
 */
import { isVarSize, TypeTag } from '../../data/column-type';
import { SymbolTable } from '../../data/symbol-table';
import { VectorBuilder } from '../../data/vector-builder';
import { elementsPerRow, Vector } from '../../data/vector';
import { LONG_NULL, LONG_NULL_BIG } from '../../data/null-values';
import { allocateTable, QueryMemory, UNLIMITED_MEMORY } from '../query-memory';
import { ByteKeyIndex } from './byte-key-index';
import { NumberHashIndex } from './number-hash-index';
import { KEY_NULL, RowKeyEncoder } from './row-key';

type Mode = 'symbol' | 'text' | 'number' | 'composite' | 'symbols';

/** Slots of the direct table of a SYMBOL tuple: at most this many (16 MiB of group ids). */
const TUPLE_SLOTS = 1 << 22;
/** A tuple of dictionaries that keeps changing (more than this many times) gives up its direct table. */
const TUPLE_REBUILDS = 8;

/** The direct table of one tuple of dictionaries: slot Σ (key_k + 1) × stride_k → group id, -1 none yet. */
interface TupleTable {
  readonly tables: readonly (SymbolTable | undefined)[];
  readonly sizes: readonly number[];
  readonly strides: Int32Array;
  readonly groups: Int32Array;
}

export class GroupKeyIndex {
  count = 0;
  private mode: Mode | undefined;
  private readonly direct = new Map<SymbolTable | undefined, Int32Array>();
  private numbers: NumberHashIndex | undefined;
  private encoder: RowKeyEncoder | undefined;
  private rows: ByteKeyIndex | undefined;
  /** Group of each text id (text modes) or encoded-row id (composite rows); -1 none yet. */
  private groupOf = new Int32Array(0);
  private nullGroup = -1;
  /** lookupSymbol's arrays by dictionary, valid while `count` is `foundAt`. */
  private readonly found = new Map<SymbolTable | undefined, Int32Array>();
  private foundAt = -1;
  /** Composite keys of SYMBOLs only: the direct table of the batches' dictionaries (undefined: none fits). */
  private tuple: TupleTable | undefined;
  private tupleBuilds = 0;

  constructor(readonly builders: readonly VectorBuilder[], private readonly memory: QueryMemory = UNLIMITED_MEMORY, private readonly what = 'GROUP BY keys') {}

  /** Bytes held by the hash tables (not the recorded key values). */
  get bytes(): number {
    return (this.numbers?.bytes ?? 0) + (this.encoder?.texts.bytes ?? 0) + (this.rows?.bytes ?? 0) + this.groupOf.byteLength + (this.tuple?.groups.byteLength ?? 0);
  }

  /** Fills `groups[0..n)` with the group id of each row, adding groups for new keys. */
  assign(keys: readonly Vector[], n: number, groups: Int32Array): void {
    switch (this.modeFor(keys)) {
      case 'symbol': case 'text':
        // Joins assign both sides to one index: a SYMBOL side and a VARCHAR side meet through the text ids.
        if (keys[0].type.tag === TypeTag.SYMBOL) this.assignSymbol(keys[0], n, groups);
        else for (let i = 0; i < n; i++) groups[i] = this.textGroup(keys, i, true);
        return;
      case 'number': this.assignNumber(keys, n, groups); return;
      case 'composite': for (let i = 0; i < n; i++) groups[i] = this.rowGroup(keys, i, true); return;
      case 'symbols': this.assignSymbols(keys, n, groups); return;
    }
  }

  /** Fills `groups[0..n)` with the group id of each row, or -1 for a key no row was assigned. */
  lookup(keys: readonly Vector[], n: number, groups: Int32Array): void {
    const mode = this.modeFor(keys);
    if (mode === 'symbol' && keys[0].type.tag === TypeTag.SYMBOL && keys[0].symbols) { this.lookupSymbol(keys[0], n, groups); return; }
    for (let i = 0; i < n; i++) {
      if (mode === 'number' && byValue(keys[0], i)) groups[i] = (this.numbers as NumberHashIndex).find(keys[0].data[i]);
      else if (mode === 'composite' || mode === 'number' || mode === 'symbols') groups[i] = this.rowGroup(keys, i, false);
      else groups[i] = this.textGroup(keys, i, false);
    }
  }

  /**
   * lookup() of a SYMBOL key through a per-dictionary array of the symbol keys' groups (-2: not looked up
   * yet), so a probe side (joins, ASOF JOIN's left keys, IN lists) costs what assign() does; the arrays are
   * dropped when a new group appears.
   */
  private lookupSymbol(v: Vector, n: number, groups: Int32Array): void {
    if (this.foundAt !== this.count) { this.found.clear(); this.foundAt = this.count; }
    const map = this.slotsFor(this.found, v.symbols, -2);
    const d = v.data as Int32Array;
    const one = [v];
    for (let i = 0; i < n; i++) {
      const slot = d[i] + 1;
      let g = map[slot];
      if (g === -2) { g = this.textGroup(one, i, false); map[slot] = g; }
      groups[i] = g;
    }
  }

  /** The array of `maps` for a dictionary, one slot per symbol key and one for null, grown to its size; new slots hold `empty`. */
  private slotsFor(maps: Map<SymbolTable | undefined, Int32Array>, table: SymbolTable | undefined, empty: number): Int32Array {
    const map = maps.get(table);
    const size = (table?.size ?? 0) + 1;
    if (map && map.length >= size) return map;
    const grown = allocateTable(() => new Int32Array(Math.max(size, 16)).fill(empty), this.what);
    this.memory.grow(grown.byteLength - (map?.byteLength ?? 0), this.what);
    if (map) grown.set(map);
    maps.set(table, grown);
    return grown;
  }

  private modeFor(keys: readonly Vector[]): Mode {
    if (this.mode) return this.mode;
    const t = keys[0].type;
    if (keys.length !== 1) this.mode = keys.every((k) => k.type.tag === TypeTag.SYMBOL && k.data instanceof Int32Array) ? 'symbols' : 'composite';
    else if (t.tag === TypeTag.SYMBOL) this.mode = 'symbol';
    else if (t.tag === TypeTag.STRING || t.tag === TypeTag.VARCHAR) this.mode = 'text';
    else if (!isVarSize(t) && elementsPerRow(t) === 1) this.mode = 'number';
    else this.mode = 'composite';
    if (this.mode === 'number') this.numbers = new NumberHashIndex(1024, this.memory, this.what);
    this.encoder = new RowKeyEncoder(keys.length, this.memory, this.what);
    if (this.mode === 'composite' || this.mode === 'number' || this.mode === 'symbols') this.rows = new ByteKeyIndex(this.memory, this.what);
    return this.mode;
  }

  private newGroup(keys: readonly Vector[], row: number): number {
    for (let k = 0; k < this.builders.length; k++) this.builders[k].appendFrom(keys[k], row);
    return this.count++;
  }

  private assignSymbol(v: Vector, n: number, groups: Int32Array): void {
    const map = this.slotsFor(this.direct, v.symbols, -1);
    const d = v.data as Int32Array;
    const one = [v];
    for (let i = 0; i < n; i++) {
      const slot = d[i] + 1;
      let g = map[slot];
      if (g < 0) { g = this.textGroup(one, i, true); map[slot] = g; }
      groups[i] = g;
    }
  }

  /**
   * SYMBOL keys only: a row's group is read from a direct table indexed by its tuple of keys (a dense n-D index
   * over the dictionaries), filled on first sight of a tuple from the encoded row, so groups are the ones the
   * encoded rows give (equal strings of other dictionaries meet there). Tuples past TUPLE_SLOTS go row by row.
   */
  private assignSymbols(keys: readonly Vector[], n: number, groups: Int32Array): void {
    const t = this.tupleFor(keys);
    if (!t) { for (let i = 0; i < n; i++) groups[i] = this.rowGroup(keys, i, true); return; }
    const map = t.groups;
    if (keys.length === 2) {
      const a = keys[0].data as Int32Array, b = keys[1].data as Int32Array, stride = t.strides[0];
      for (let i = 0; i < n; i++) {
        const slot = (a[i] + 1) * stride + b[i] + 1;
        let g = map[slot];
        if (g < 0) { g = this.rowGroup(keys, i, true); map[slot] = g; }
        groups[i] = g;
      }
      return;
    }
    const data = keys.map((k) => k.data as Int32Array), strides = t.strides, m = data.length;
    for (let i = 0; i < n; i++) {
      let slot = 0;
      for (let k = 0; k < m; k++) slot += (data[k][i] + 1) * strides[k];
      let g = map[slot];
      if (g < 0) { g = this.rowGroup(keys, i, true); map[slot] = g; }
      groups[i] = g;
    }
  }

  /** The direct table for the batch's dictionaries, made anew when they change or grow; undefined when none fits. */
  private tupleFor(keys: readonly Vector[]): TupleTable | undefined {
    const t = this.tuple;
    if (t && keys.every((k, j) => k.symbols === t.tables[j] && (k.symbols?.size ?? 0) <= t.sizes[j])) return t;
    if (this.tupleBuilds >= TUPLE_REBUILDS) return undefined;
    this.tupleBuilds++;
    if (t) this.memory.grow(-t.groups.byteLength, this.what);
    this.tuple = undefined;
    const sizes = keys.map((k) => k.symbols?.size ?? 0);
    const strides = new Int32Array(keys.length);
    let slots = 1;
    for (let j = keys.length - 1; j >= 0; j--) {
      strides[j] = slots;
      slots *= sizes[j] + 1;
      if (slots > TUPLE_SLOTS) return undefined;
    }
    this.memory.grow(slots * 4, this.what);
    const groups = allocateTable(() => new Int32Array(slots).fill(-1), this.what);
    this.tuple = { tables: keys.map((k) => k.symbols), sizes, strides, groups };
    return this.tuple;
  }

  private assignNumber(keys: readonly Vector[], n: number, groups: Int32Array): void {
    const v = keys[0];
    const numbers = this.numbers as NumberHashIndex;
    if (!v.exact) { numbers.assign(v.data, n, groups, (row) => this.newGroup(keys, row)); return; }
    // A LONG batch holding values beyond 2^53: those rows are keyed by their exact bits.
    for (let i = 0; i < n; i++) {
      groups[i] = byValue(v, i) ? numbers.assignOne(v.data[i], () => this.newGroup(keys, i)) : this.rowGroup(keys, i, true);
    }
  }

  /** The group of a single text-like key (SYMBOL, STRING, VARCHAR) through its text id. */
  private textGroup(keys: readonly Vector[], i: number, add: boolean): number {
    const encoder = this.encoder as RowKeyEncoder;
    const v = keys[0];
    const noDictionary = v.type.tag === TypeTag.SYMBOL && !v.symbols;
    if (!noDictionary && !encoder.encode(keys, i, add)) return -1;
    if (noDictionary || encoder.tag(0) === KEY_NULL) {
      if (this.nullGroup < 0 && add) this.nullGroup = this.newGroup(keys, i);
      return this.nullGroup;
    }
    return this.groupFor(encoder.value(0), keys, i, add);
  }

  /** The group of an encoded row (composite keys, LONGs beyond 2^53). */
  private rowGroup(keys: readonly Vector[], i: number, add: boolean): number {
    const encoder = this.encoder as RowKeyEncoder;
    const rows = this.rows as ByteKeyIndex;
    if (!encoder.encode(keys, i, add)) return -1;
    const id = add ? rows.assign(encoder.bytes, 0, encoder.width) : rows.find(encoder.bytes, 0, encoder.width);
    return id < 0 ? -1 : this.groupFor(id, keys, i, add);
  }

  private groupFor(id: number, keys: readonly Vector[], i: number, add: boolean): number {
    if (id >= this.groupOf.length) {
      if (!add) return -1;
      const size = Math.max(1024, id * 2);
      this.memory.grow((size - this.groupOf.length) * 4, this.what);
      const grown = allocateTable(() => new Int32Array(size).fill(-1), this.what);
      grown.set(this.groupOf);
      this.groupOf = grown;
    }
    let g = this.groupOf[id];
    if (g < 0 && add) { g = this.newGroup(keys, i); this.groupOf[id] = g; }
    return g;
  }
}

/** True when a number key's float64 is the key itself: always, but for LONGs beyond 2^53 (keyed by their exact bits). */
function byValue(v: Vector, i: number): boolean {
  const x = v.data[i];
  return !v.exact || Number.isSafeInteger(x) || (x === LONG_NULL && v.exact[i] === LONG_NULL_BIG);
}
