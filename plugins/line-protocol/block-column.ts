/**
 * The values one field or tag name took in a TableBlock, in the layout of its protocol type, one slot per
 * block row. Rows where the line did not name it are padded with the kind's null when the next value
 * arrives (or at `padTo`), so writing a value is a store into a typed array, never a per-row object.
 *
 * | Kind | storage | null |
 * |---|---|---|
 * | TAG | `keys` into the block's own dictionary (`symbols`) | -1 |
 * | FLOAT | `f64` | NaN |
 * | INTEGER, TIMESTAMP (µs) | `f64`, plus `exact` once a value exceeds 2^53; TIMESTAMP: `sub` | LONG_NULL |
 * | BOOLEAN | `u8` 0/1 | 0 |
 * | STRING, LONG256 (text), DECIMAL (`d` text) | `heap` UTF-8 + `offsets` | `nulls[i] = 1` |
 * | ARRAY | `elements` + `offsets` (in elements) + `shapes` (`dims` per row) | `nulls[i] = 1` |
 */
import { LONG_NULL, LONG_NULL_BIG } from '../../core/data/null-values';
import { SymbolCache } from '../import-delimited/symbol-cache';
import { IlpType } from './ilp-type';

const EMPTY_F64 = new Float64Array(0);
const EMPTY_I32 = new Int32Array(0);
const EMPTY_U8 = new Uint8Array(0);

export class BlockColumn {
  rows = 0;
  f64: Float64Array = EMPTY_F64;
  exact: BigInt64Array | undefined;
  keys: Int32Array = EMPTY_I32;
  u8: Uint8Array = EMPTY_U8;
  heap: Uint8Array = EMPTY_U8;
  elements: Float64Array = EMPTY_F64;
  offsets: Int32Array = EMPTY_I32;
  nulls: Uint8Array = EMPTY_U8;
  shapes: Int32Array = EMPTY_I32;
  /** TIMESTAMP: the nanoseconds each µs value leaves out (signed, -999..999), once a value had any. */
  sub: Int16Array | undefined;
  /** TIMESTAMP: the first value was given in nanoseconds (a new column is then TIMESTAMP_NS, as QuestDB makes it). */
  firstNanos = false;
  /** The name's bytes as little-endian 32-bit words (the whole ones), for comparing four at a time. */
  readonly nameWords: Uint32Array;
  /** TAG: the block's dictionary, values in key order. */
  readonly symbols: string[] = [];
  private readonly cache: SymbolCache | undefined;

  /**
   * @param name the name with escapes removed; `nameBytes` its UTF-8 bytes (lookups compare them)
   * @param firstRow the block row of the line that named it first (DDL order: a new table gets the columns
   *   of its first line, later names are added in order of appearance)
   */
  constructor(readonly name: string, readonly nameBytes: Uint8Array, readonly type: number, readonly dims: number,
    readonly firstRow: number, capacity: number) {
    const words = new Uint32Array(nameBytes.length >> 2);
    const nameView = new DataView(nameBytes.buffer, nameBytes.byteOffset, nameBytes.byteLength);
    for (let k = 0; k < words.length; k++) words[k] = nameView.getUint32(4 * k, true);
    this.nameWords = words;
    const n = Math.max(16, capacity);
    switch (type) {
      case IlpType.TAG:
        this.keys = new Int32Array(n);
        this.cache = new SymbolCache((v) => this.symbols.push(v) - 1);
        break;
      case IlpType.FLOAT: case IlpType.INTEGER: case IlpType.TIMESTAMP:
        this.f64 = new Float64Array(n);
        break;
      case IlpType.BOOLEAN:
        this.u8 = new Uint8Array(n);
        break;
      case IlpType.ARRAY:
        this.elements = new Float64Array(64);
        this.offsets = new Int32Array(n + 1);
        this.nulls = new Uint8Array(n);
        this.shapes = new Int32Array(n * Math.max(1, dims));
        break;
      default:
        this.heap = new Uint8Array(n * 8);
        this.offsets = new Int32Array(n + 1);
        this.nulls = new Uint8Array(n);
    }
  }

  /** Whether `row` already has a value (a name repeated within one line keeps its first value). */
  has(row: number): boolean {
    return this.rows > row;
  }

  /** Whether any row holds a value (a column named only on a rolled-back line has none). */
  get used(): boolean {
    return this.rows > this.firstRow;
  }

  /** Pads with nulls up to (excluding) `row`, growing the arrays to hold `row + 1` rows. */
  padTo(row: number): void {
    if (row >= this.capacity) this.grow(row + 1);
    const from = this.rows;
    if (from >= row) return;
    switch (this.type) {
      case IlpType.TAG: this.keys.fill(-1, from, row); break;
      case IlpType.FLOAT: this.f64.fill(NaN, from, row); break;
      case IlpType.INTEGER: case IlpType.TIMESTAMP:
        this.f64.fill(LONG_NULL, from, row);
        this.exact?.fill(LONG_NULL_BIG, from, row);
        this.sub?.fill(0, from, row);
        break;
      case IlpType.BOOLEAN: this.u8.fill(0, from, row); break;
      default: {
        const end = this.offsets[from];
        this.offsets.fill(end, from + 1, row + 1);
        this.nulls.fill(1, from, row);
        if (this.type === IlpType.ARRAY) this.shapes.fill(0, from * this.dims, row * this.dims);
      }
    }
    this.rows = row;
  }

  setDouble(row: number, v: number): void {
    if (row !== this.rows || row >= this.f64.length) this.padTo(row);
    this.f64[row] = v;
    this.rows = row + 1;
  }

  /** INTEGER and TIMESTAMP values within ±2^53. */
  setLong(row: number, v: number): void {
    if (row !== this.rows || row >= this.f64.length) this.padTo(row);
    this.f64[row] = v;
    if (this.exact) this.exact[row] = BigInt(v);
    this.rows = row + 1;
  }

  /** INTEGER and TIMESTAMP values beyond ±2^53 keep their exact 64 bits. */
  setBigLong(row: number, v: bigint): void {
    this.padTo(row);
    if (!this.exact) {
      this.exact = new BigInt64Array(this.f64.length);
      for (let i = 0; i < row; i++) this.exact[i] = this.f64[i] === LONG_NULL ? LONG_NULL_BIG : BigInt(this.f64[i]);
    }
    this.f64[row] = Number(v);
    this.exact[row] = v;
    this.rows = row + 1;
  }

  /** A TIMESTAMP value in µs (exact beyond 2^53), with the nanoseconds it leaves out when given in `n`. */
  setTimestamp(row: number, v: number, big: bigint | undefined, nanos: boolean, sub: number): void {
    if (row === this.firstRow) this.firstNanos = nanos;
    if (big === undefined) this.setLong(row, v);
    else this.setBigLong(row, big);
    if (sub !== 0 && this.sub === undefined) this.sub = new Int16Array(this.f64.length);
    if (this.sub !== undefined) this.sub[row] = sub;
  }

  setBoolean(row: number, v: number): void {
    this.padTo(row);
    this.u8[row] = v;
    this.rows = row + 1;
  }

  /** A FLOAT, INTEGER, TIMESTAMP or BOOLEAN value (per this column's type); false for the other types. */
  setScalar(row: number, v: number, big: bigint | undefined): boolean {
    switch (this.type) {
      case IlpType.FLOAT: this.setDouble(row, v); return true;
      case IlpType.INTEGER: case IlpType.TIMESTAMP:
        if (big === undefined) this.setLong(row, v);
        else this.setBigLong(row, big);
        return true;
      case IlpType.BOOLEAN: this.setBoolean(row, v); return true;
      default: return false;
    }
  }

  /** A TAG value from bytes: one hash probe; only a value new to this block becomes a string. */
  setSymbol(row: number, b: Uint8Array, s: number, e: number): void {
    if (row !== this.rows || row >= this.keys.length) this.padTo(row);
    this.keys[row] = (this.cache as SymbolCache).keyOf(b, s, e);
    this.rows = row + 1;
  }

  /** STRING / LONG256 / DECIMAL text bytes. */
  setBytes(row: number, b: Uint8Array, s: number, e: number): void {
    this.padTo(row);
    const n = e - s;
    const at = this.offsets[row];
    if (at + n > this.heap.length) this.heap = grownBytes(this.heap, at + n);
    this.heap.set(b.subarray(s, e), at);
    this.offsets[row + 1] = at + n;
    this.nulls[row] = 0;
    this.rows = row + 1;
  }

  /** An ARRAY value: `count` little-endian doubles at `b[s..]` with the shape `shape[0..dims)`. */
  setArray(row: number, shape: Int32Array, b: Uint8Array, s: number, count: number): void {
    this.padTo(row);
    const at = this.offsets[row];
    if (at + count > this.elements.length) this.elements = grownDoubles(this.elements, at + count);
    new Uint8Array(this.elements.buffer, at * 8, count * 8).set(b.subarray(s, s + count * 8));
    this.offsets[row + 1] = at + count;
    this.nulls[row] = 0;
    for (let d = 0; d < this.dims; d++) this.shapes[row * this.dims + d] = shape[d];
    this.rows = row + 1;
  }

  /** Forgets rows from `row` on (a line that failed or must be parsed again). */
  truncate(row: number): void {
    if (this.rows > row) this.rows = row;
  }

  /** Bytes held, for the session's memory bound. */
  get byteSize(): number {
    return this.f64.byteLength + this.keys.byteLength + this.u8.byteLength + this.heap.byteLength
      + this.elements.byteLength + this.offsets.byteLength + this.nulls.byteLength + this.shapes.byteLength
      + (this.exact?.byteLength ?? 0) + (this.sub?.byteLength ?? 0);
  }

  private get capacity(): number {
    switch (this.type) {
      case IlpType.TAG: return this.keys.length;
      case IlpType.FLOAT: case IlpType.INTEGER: case IlpType.TIMESTAMP: return this.f64.length;
      case IlpType.BOOLEAN: return this.u8.length;
      default: return this.nulls.length;
    }
  }

  private grow(rows: number): void {
    let n = Math.max(16, this.capacity * 2);
    while (n < rows) n *= 2;
    switch (this.type) {
      case IlpType.TAG: this.keys = copyInto(new Int32Array(n), this.keys); break;
      case IlpType.FLOAT: case IlpType.INTEGER: case IlpType.TIMESTAMP:
        this.f64 = copyInto(new Float64Array(n), this.f64);
        if (this.exact) this.exact = copyInto(new BigInt64Array(n), this.exact);
        if (this.sub) this.sub = copyInto(new Int16Array(n), this.sub);
        break;
      case IlpType.BOOLEAN: this.u8 = copyInto(new Uint8Array(n), this.u8); break;
      default:
        this.offsets = copyInto(new Int32Array(n + 1), this.offsets);
        this.nulls = copyInto(new Uint8Array(n), this.nulls);
        if (this.type === IlpType.ARRAY) this.shapes = copyInto(new Int32Array(n * Math.max(1, this.dims)), this.shapes);
    }
  }
}

function copyInto<T extends { set(a: T): void }>(to: T, from: T): T {
  to.set(from);
  return to;
}

/** Room for at least `need` elements: doubled until it fits, the old values copied. */
function grownSize(length: number, need: number): number {
  let n = Math.max(64, length * 2);
  while (n < need) n *= 2;
  return n;
}

function grownBytes(a: Uint8Array, need: number): Uint8Array {
  return copyInto(new Uint8Array(grownSize(a.length, need)), a);
}

function grownDoubles(a: Float64Array, need: number): Float64Array {
  return copyInto(new Float64Array(grownSize(a.length, need)), a);
}
