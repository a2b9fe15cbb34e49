/**
 * A growable vector for operators and parsers that produce values one at a time (INSERT VALUES,
 * import, group-by output). Appends write into typed arrays that double when full; `build()` returns
 * a Vector view of what was appended (no copy) — call `reset()` before reusing the builder.
 */
import { soundShape } from './array-shape';
import { longDouble } from './exact-longs';
import { ColumnType, TypeTag, isInt64, isVarSize } from './column-type';
import { CHAR_NULL, GEOHASH_NULL, INT_NULL, IPV4_NULL, LONG_NULL, LONG_NULL_BIG, MAX_SAFE_LONG, SYMBOL_NULL } from './null-values';
import { MemorySymbolTable, SymbolTable } from './symbol-table';
import { utf8Encoder } from './utf8';
import { setDecimal } from './decimal';
import { allocateData, elementsPerRow, FixedArray, Vector } from './vector';

type Grow<T> = { new (n: number): T };

function grow<T extends FixedArray | Int32Array | BigInt64Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  let n = Math.max(16, a.length * 2);
  while (n < need) n *= 2;
  const b = new (a.constructor as Grow<T>)(n);
  (b as unknown as { set(x: T): void }).set(a);
  return b;
}

export class VectorBuilder {
  private data: FixedArray;
  private offsets: Int32Array | undefined;
  private nulls: Uint8Array | undefined;
  private exact: BigInt64Array | undefined;
  /** ARRAY with more than one dimension: `dims` extents per row. */
  private shapes: Int32Array | undefined;
  private rows = 0;
  private bytes = 0;
  private readonly width: number;
  readonly symbols: SymbolTable | undefined;

  constructor(readonly type: ColumnType, capacity = 1024, symbols?: SymbolTable) {
    this.width = elementsPerRow(type);
    if (isVarSize(type)) {
      this.data = type.tag === TypeTag.ARRAY ? new Float64Array(capacity) : new Uint8Array(capacity * 8);
      this.offsets = new Int32Array(capacity + 1);
    } else {
      this.data = allocateData(type, capacity);
    }
    this.symbols = type.tag === TypeTag.SYMBOL ? (symbols ?? new MemorySymbolTable()) : undefined;
  }

  get length(): number {
    return this.rows;
  }

  reset(): void {
    this.rows = 0;
    this.bytes = 0;
    this.nulls = undefined;
    this.exact = undefined;
  }

  appendNull(): void {
    const t = this.type.tag;
    if (this.offsets) { this.appendVarNull(); return; }
    this.ensure(1);
    const d = this.data;
    switch (t) {
      case TypeTag.BOOLEAN: case TypeTag.BYTE: case TypeTag.SHORT: case TypeTag.NULL: d[this.rows] = 0; break;
      case TypeTag.CHAR: d[this.rows] = CHAR_NULL; break;
      case TypeTag.INT: d[this.rows] = INT_NULL; break;
      case TypeTag.IPV4: d[this.rows] = IPV4_NULL; break;
      case TypeTag.SYMBOL: d[this.rows] = SYMBOL_NULL; break;
      case TypeTag.FLOAT: case TypeTag.DOUBLE: d[this.rows] = NaN; break;
      case TypeTag.LONG: case TypeTag.DATE: case TypeTag.TIMESTAMP: case TypeTag.TIMESTAMP_NS:
        d[this.rows] = LONG_NULL;
        if (this.exact) this.exact[this.rows] = LONG_NULL_BIG;
        break;
      case TypeTag.GEOHASH:
        d[this.rows] = GEOHASH_NULL;
        if (this.exact) this.exact[this.rows] = -1n;
        break;
      case TypeTag.DECIMAL: setDecimal(d as Uint8Array, this.rows, null); break;
      case TypeTag.UUID: case TypeTag.LONG256: {
        const dv = new DataView(d.buffer, d.byteOffset + this.rows * this.width, this.width);
        for (let o = 0; o < this.width; o += 8) dv.setBigInt64(o, LONG_NULL_BIG, true);
        break;
      }
      case TypeTag.INTERVAL: d[this.rows * 2] = LONG_NULL; d[this.rows * 2 + 1] = LONG_NULL; break;
      default: break;
    }
    this.rows++;
  }

  /** Numeric, temporal (µs / ms), BOOLEAN (0/1), CHAR (code unit), IPV4 (32 bits), GEOHASH bits, SYMBOL key. */
  appendNumber(v: number): void {
    this.ensure(1);
    this.data[this.rows] = v;
    if (this.exact) this.exact[this.rows] = BigInt(v);
    this.rows++;
  }

  /** LONG family with exact 64-bit value. */
  appendBigInt(v: bigint): void {
    this.ensure(1);
    this.data[this.rows] = longDouble(v);
    if (!this.exact && (v > BigInt(MAX_SAFE_LONG) || v < -BigInt(MAX_SAFE_LONG)) && v !== LONG_NULL_BIG) {
      this.exact = new BigInt64Array(this.data.length);
      const d = this.data;
      for (let i = 0; i < this.rows; i++) this.exact[i] = d[i] === LONG_NULL ? LONG_NULL_BIG : BigInt(d[i]);
    }
    if (this.exact) this.exact[this.rows] = v;
    this.rows++;
  }

  /** STRING/VARCHAR (UTF-8), SYMBOL (interned), CHAR (first code unit); null appends null. */
  appendString(s: string | null): void {
    if (s === null) { this.appendNull(); return; }
    switch (this.type.tag) {
      case TypeTag.SYMBOL: {
        const table = this.symbols;
        if (!(table instanceof MemorySymbolTable)) throw new Error('appendString on a SYMBOL builder needs a MemorySymbolTable');
        this.appendNumber(table.intern(s));
        return;
      }
      case TypeTag.CHAR: this.appendNumber(s.length === 0 ? CHAR_NULL : s.charCodeAt(0)); return;
      default: {
        const maxBytes = s.length * 3;
        this.ensureBytes(maxBytes);
        const d = this.data as Uint8Array;
        const r = utf8Encoder.encodeInto(s, d.subarray(this.bytes));
        this.bytes += r.written;
        this.endVarRow(false);
      }
    }
  }

  /** Raw bytes: BINARY/STRING/VARCHAR rows, or one UUID (16) / LONG256 (32) value. */
  appendBytes(b: Uint8Array | null): void {
    if (b === null) { this.appendNull(); return; }
    if (this.offsets) {
      this.ensureBytes(b.length);
      (this.data as Uint8Array).set(b, this.bytes);
      this.bytes += b.length;
      this.endVarRow(false);
      return;
    }
    this.ensure(1);
    (this.data as Uint8Array).set(b.subarray(0, this.width), this.rows * this.width);
    this.rows++;
  }

  /** Copies row `i` of `v` (same type). SYMBOL keys are re-interned unless both share one dictionary. */
  appendFrom(v: Vector, i: number): void {
    const t = this.type.tag;
    if (v.offsets) {
      if (v.nulls && v.nulls[i] === 1) { this.appendNull(); return; }
      if (t === TypeTag.ARRAY) {
        const dims = this.type.dims ?? 1;
        const start = v.offsets[i], end = v.offsets[i + 1];
        this.appendArray((v.data as Float64Array).subarray(start, end), dims > 1 && v.shapes ? v.shapes.subarray(i * dims, (i + 1) * dims) : [end - start]);
        return;
      }
      this.appendBytes((v.data as Uint8Array).subarray(v.offsets[i], v.offsets[i + 1]));
      return;
    }
    if (t === TypeTag.SYMBOL && v.symbols !== this.symbols) {
      this.appendString(v.symbols ? v.symbols.value(v.data[i]) : null);
      return;
    }
    if (this.width > 1) {
      if (t === TypeTag.INTERVAL) {
        this.ensure(1);
        this.data[this.rows * 2] = v.data[i * 2];
        this.data[this.rows * 2 + 1] = v.data[i * 2 + 1];
        this.rows++;
        return;
      }
      this.appendBytes((v.data as Uint8Array).subarray(i * this.width, (i + 1) * this.width));
      return;
    }
    if ((isInt64(this.type) || t === TypeTag.GEOHASH) && v.exact) { this.appendBigInt(v.exact[i]); return; }
    this.appendNumber(v.data[i]);
  }

  /** ARRAY: one row of elements (row-major) with its extent per dimension (made sound: core/data/array-shape.ts). */
  appendArray(elements: ArrayLike<number>, shape: ArrayLike<number>): void {
    const dims = this.type.dims ?? 1;
    this.ensureBytes(elements.length);
    const d = this.data as Float64Array;
    for (let k = 0; k < elements.length; k++) d[this.bytes + k] = elements[k];
    this.bytes += elements.length;
    if (dims > 1) {
      const shapes = this.shapes = grow(this.shapes ?? new Int32Array(16 * dims), (this.rows + 1) * dims);
      soundShape(shape, 0, dims, elements.length, shapes, this.rows * dims);
    }
    this.endVarRow(false);
  }

  build(): Vector {
    const n = this.rows;
    if (this.offsets) {
      const dims = this.type.dims ?? 1;
      return {
        type: this.type,
        data: this.data.subarray(0, this.bytes),
        offsets: this.offsets.subarray(0, n + 1),
        nulls: this.nulls?.subarray(0, n),
        shapes: this.type.tag === TypeTag.ARRAY && dims > 1 ? (this.shapes ?? new Int32Array(n * dims)).subarray(0, n * dims) : undefined,
      };
    }
    return {
      type: this.type,
      data: this.data.subarray(0, n * this.width),
      symbols: this.symbols,
      exact: this.exact?.subarray(0, n),
    };
  }

  private ensure(extra: number): void {
    const need = (this.rows + extra) * this.width;
    if (need > this.data.length) {
      this.data = grow(this.data, need);
      if (this.exact) this.exact = grow(this.exact, this.rows + extra);
    }
  }

  private ensureBytes(extra: number): void {
    this.data = grow(this.data, this.bytes + extra);
    this.offsets = grow(this.offsets as Int32Array, this.rows + 2);
  }

  private appendVarNull(): void {
    this.ensureBytes(0);
    // A null row keeps its (zero) extents so the shapes stay aligned with the rows.
    const dims = this.type.dims ?? 1;
    if (this.type.tag === TypeTag.ARRAY && dims > 1) this.shapes = grow(this.shapes ?? new Int32Array(16 * dims), (this.rows + 1) * dims).fill(0, this.rows * dims, (this.rows + 1) * dims);
    if (!this.nulls) this.nulls = new Uint8Array(Math.max(16, (this.offsets as Int32Array).length));
    this.endVarRow(true);
  }

  private endVarRow(isNull: boolean): void {
    const offsets = this.offsets as Int32Array;
    if (this.nulls || isNull) {
      if (!this.nulls) this.nulls = new Uint8Array(offsets.length);
      this.nulls = grow(this.nulls, this.rows + 1);
      this.nulls[this.rows] = isNull ? 1 : 0;
    }
    this.rows++;
    offsets[this.rows] = this.bytes;
  }
}
