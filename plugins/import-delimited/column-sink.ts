/**
 * One table column of the batch being built: converts a field's bytes into the column's in-memory layout
 * (core/data/vector.ts). `append` returns false on a conversion error and then appends nothing, so the
 * caller applies the atomicity rule (http-api.md §5.5). Each batch gets fresh arrays (`build` hands the
 * old ones to the writer).
 */
import { ColumnType, TypeTag } from '../../core/data/column-type';
import { CHAR_NULL, INT_NULL, IPV4_NULL, LONG_NULL, LONG_NULL_BIG, SYMBOL_NULL } from '../../core/data/null-values';
import { SymbolTable } from '../../core/data/symbol-table';
import { decodeUtf8 } from '../../core/data/utf8';
import { allocateData, FixedArray, Vector } from '../../core/data/vector';
import { TimestampPattern } from '../../core/time/timestamp-pattern';
import {
  isNullWord, NEEDS_BIGINT, PARSE_FAILED, parseBigInteger, parseBoolean, parseDouble, parseInteger, parseIpv4, parseLong256, parseUuid,
} from './number-parsers';
import { SymbolCache } from './symbol-cache';

const LONG_MAX = 9223372036854775807n;

/** The hot sink classes, so the parser can call each through its own monomorphic call site. */
export const enum SinkKind { Other, Double, Temporal, Symbol, Bytes, Integer }

export abstract class ColumnSink {
  rows = 0;
  readonly kind: SinkKind = SinkKind.Other;
  constructor(readonly type: ColumnType, protected readonly capacity: number) {}
  abstract append(b: Uint8Array, s: number, e: number): boolean;
  abstract appendNull(): void;
  /** Drops rows from `rows` on (a row rejected after some of its columns were appended). */
  truncate(rows: number): void { this.rows = rows; }
  abstract build(): Vector;
}

/** Fixed-width values in one typed array; subclasses convert. */
abstract class FixedSink extends ColumnSink {
  protected data: FixedArray;
  constructor(type: ColumnType, capacity: number, private readonly nullValue: number) {
    super(type, capacity);
    this.data = allocateData(type, capacity);
  }
  appendNull(): void { this.data[this.rows++] = this.nullValue; }
  build(): Vector {
    const v: Vector = { type: this.type, data: this.data.subarray(0, this.rows) };
    this.data = allocateData(this.type, this.capacity);
    this.rows = 0;
    return v;
  }
}

export class IntegerSink extends FixedSink {
  override readonly kind = SinkKind.Integer;
  constructor(type: ColumnType, capacity: number, private readonly min: number, private readonly max: number, nullValue: number) {
    super(type, capacity, nullValue);
  }
  append(b: Uint8Array, s: number, e: number): boolean {
    const n = parseInteger(b, s, e);
    if (n < this.min || n > this.max) return false;
    this.data[this.rows++] = n;
    return true;
  }
}

class LongSink extends FixedSink {
  private exact: BigInt64Array | undefined;
  constructor(type: ColumnType, capacity: number) { super(type, capacity, LONG_NULL); }
  append(b: Uint8Array, s: number, e: number): boolean {
    const n = parseInteger(b, s, e);
    if (n === PARSE_FAILED) return false;
    if (n !== NEEDS_BIGINT) {
      if (this.exact) this.exact[this.rows] = BigInt(n);
      this.data[this.rows++] = n;
      return true;
    }
    const big = parseBigInteger(b, s, e);
    if (big > LONG_MAX || big <= LONG_NULL_BIG) return false;
    if (!this.exact) {
      this.exact = new BigInt64Array(this.capacity);
      for (let i = 0; i < this.rows; i++) this.exact[i] = this.data[i] === LONG_NULL ? LONG_NULL_BIG : BigInt(this.data[i]);
    }
    this.exact[this.rows] = big;
    this.data[this.rows++] = Number(big);
    return true;
  }
  override appendNull(): void {
    if (this.exact) this.exact[this.rows] = LONG_NULL_BIG;
    super.appendNull();
  }
  override build(): Vector {
    const exact = this.exact?.subarray(0, this.rows);
    this.exact = undefined;
    return { ...super.build(), exact };
  }
}

export class DoubleSink extends FixedSink {
  override readonly kind = SinkKind.Double;
  constructor(type: ColumnType, capacity: number) { super(type, capacity, NaN); }
  append(b: Uint8Array, s: number, e: number): boolean {
    const v = parseDouble(b, s, e);
    if (v !== v && !isNullWord(b, s, e)) return false;
    this.data[this.rows++] = v;
    return true;
  }
}

class BooleanSink extends FixedSink {
  constructor(type: ColumnType, capacity: number) { super(type, capacity, 0); }
  append(b: Uint8Array, s: number, e: number): boolean {
    const v = parseBoolean(b, s, e);
    if (v < 0) return false;
    this.data[this.rows++] = v;
    return true;
  }
}

class CharSink extends FixedSink {
  constructor(type: ColumnType, capacity: number) { super(type, capacity, CHAR_NULL); }
  append(b: Uint8Array, s: number, e: number): boolean {
    const text = b[s] < 0x80 && e - s === 1 ? null : decodeUtf8(b, s, e);
    if (text !== null && text.length !== 1) return false;
    this.data[this.rows++] = text === null ? b[s] : text.charCodeAt(0);
    return true;
  }
}

class Ipv4Sink extends FixedSink {
  constructor(type: ColumnType, capacity: number) { super(type, capacity, IPV4_NULL); }
  append(b: Uint8Array, s: number, e: number): boolean {
    const v = parseIpv4(b, s, e);
    if (v === PARSE_FAILED) return false;
    this.data[this.rows++] = v;
    return true;
  }
}

/** TIMESTAMP (µs) or DATE (ms) through compiled patterns; the last pattern that matched is tried first. */
export class TemporalSink extends FixedSink {
  override readonly kind = SinkKind.Temporal;
  private current = 0;
  private readonly divisor: number;
  constructor(type: ColumnType, capacity: number, private readonly patterns: readonly TimestampPattern[]) {
    super(type, capacity, LONG_NULL);
    this.divisor = type.tag === TypeTag.DATE ? 1000 : 1;
  }
  append(b: Uint8Array, s: number, e: number): boolean {
    const patterns = this.patterns;
    let v = patterns[this.current].parse(b, s, e);
    if (v !== v) {
      for (let i = 0; i < patterns.length && v !== v; i++) {
        if (i === this.current) continue;
        v = patterns[i].parse(b, s, e);
        if (v === v) this.current = i;
      }
      if (v !== v) return false;
    }
    this.data[this.rows++] = this.divisor === 1 ? v : Math.floor(v / 1000);
    return true;
  }
}

export class SymbolSink extends FixedSink {
  override readonly kind = SinkKind.Symbol;
  constructor(type: ColumnType, capacity: number, private readonly cache: SymbolCache, private readonly symbols: SymbolTable) {
    super(type, capacity, SYMBOL_NULL);
  }
  append(b: Uint8Array, s: number, e: number): boolean {
    this.data[this.rows++] = this.cache.keyOf(b, s, e);
    return true;
  }
  override build(): Vector { return { ...super.build(), symbols: this.symbols }; }
}

/** UUID (16 bytes a row) and LONG256 (32 bytes a row); null is every long LONG_NULL. */
class WideSink extends FixedSink {
  private readonly width: number;
  constructor(type: ColumnType, capacity: number) {
    super(type, capacity, 0);
    this.width = type.tag === TypeTag.UUID ? 16 : 32;
  }
  append(b: Uint8Array, s: number, e: number): boolean {
    const out = this.data as Uint8Array;
    const ok = this.width === 16 ? parseUuid(b, s, e, out, this.rows * 16) : parseLong256(b, s, e, out, this.rows * 32);
    if (!ok) return false;
    this.rows++;
    return true;
  }
  override appendNull(): void {
    const dv = new DataView(this.data.buffer, this.data.byteOffset + this.rows * this.width, this.width);
    for (let k = 0; k < this.width; k += 8) dv.setBigInt64(k, LONG_NULL_BIG, true);
    this.rows++;
  }
  override build(): Vector {
    const v: Vector = { type: this.type, data: this.data.subarray(0, this.rows * this.width) };
    this.data = allocateData(this.type, this.capacity);
    this.rows = 0;
    return v;
  }
}

/** VARCHAR / STRING / BINARY: the field's bytes as they are (already UTF-8). */
export class BytesSink extends ColumnSink {
  override readonly kind = SinkKind.Bytes;
  private data = new Uint8Array(1 << 16);
  private offsets: Int32Array;
  private nulls: Uint8Array | undefined;
  constructor(type: ColumnType, capacity: number) {
    super(type, capacity);
    this.offsets = new Int32Array(capacity + 1);
  }
  append(b: Uint8Array, s: number, e: number): boolean {
    const at = this.offsets[this.rows];
    const need = at + e - s;
    if (need > this.data.length) {
      const x = new Uint8Array(Math.max(need, this.data.length * 2));
      x.set(this.data.subarray(0, at));
      this.data = x;
    }
    this.data.set(b.subarray(s, e), at);
    if (this.nulls) this.nulls[this.rows] = 0;
    this.offsets[++this.rows] = need;
    return true;
  }
  appendNull(): void {
    if (!this.nulls) this.nulls = new Uint8Array(this.capacity);
    this.nulls[this.rows] = 1;
    this.offsets[this.rows + 1] = this.offsets[this.rows];
    this.rows++;
  }
  build(): Vector {
    const n = this.rows;
    const v: Vector = { type: this.type, data: this.data.subarray(0, this.offsets[n]), offsets: this.offsets.subarray(0, n + 1), nulls: this.nulls?.subarray(0, n) };
    this.data = new Uint8Array(Math.max(1 << 16, this.data.length));
    this.offsets = new Int32Array(this.capacity + 1);
    this.nulls = undefined;
    this.rows = 0;
    return v;
  }
}

/** A type import cannot convert (GEOHASH, BINARY arrays, ARRAY, …): every non-empty value is an error. */
class UnsupportedSink extends ColumnSink {
  private readonly inner: ColumnSink;
  constructor(type: ColumnType, capacity: number) {
    super(type, capacity);
    this.inner = new IntegerSink(type, capacity, 0, -1, type.tag === TypeTag.GEOHASH ? -1 : 0);
  }
  append(): boolean { return false; }
  appendNull(): void { this.inner.appendNull(); this.rows = this.inner.rows; }
  override truncate(rows: number): void { this.inner.truncate(rows); this.rows = rows; }
  build(): Vector { this.rows = 0; return this.inner.build(); }
}

export interface SinkContext {
  /** TIMESTAMP/DATE: patterns to try (the schema's or the detected one first). */
  readonly patterns: readonly TimestampPattern[];
  /** SYMBOL: the writer's dictionary of this column and its intern function. */
  readonly symbols?: SymbolTable & { intern(value: string): number };
}

export function createSink(type: ColumnType, capacity: number, context: SinkContext): ColumnSink {
  switch (type.tag) {
    case TypeTag.BOOLEAN: return new BooleanSink(type, capacity);
    case TypeTag.BYTE: return new IntegerSink(type, capacity, -128, 127, 0);
    case TypeTag.SHORT: return new IntegerSink(type, capacity, -32768, 32767, 0);
    case TypeTag.CHAR: return new CharSink(type, capacity);
    case TypeTag.INT: return new IntegerSink(type, capacity, INT_NULL + 1, 2147483647, INT_NULL);
    case TypeTag.LONG: return new LongSink(type, capacity);
    case TypeTag.FLOAT: case TypeTag.DOUBLE: return new DoubleSink(type, capacity);
    case TypeTag.DATE: case TypeTag.TIMESTAMP: return new TemporalSink(type, capacity, context.patterns);
    case TypeTag.SYMBOL: {
      const symbols = context.symbols;
      if (!symbols) throw new Error('a SYMBOL column needs the writer dictionary');
      return new SymbolSink(type, capacity, new SymbolCache((v) => symbols.intern(v)), symbols);
    }
    case TypeTag.STRING: case TypeTag.VARCHAR: case TypeTag.BINARY: return new BytesSink(type, capacity);
    case TypeTag.UUID: case TypeTag.LONG256: return new WideSink(type, capacity);
    case TypeTag.IPV4: return new Ipv4Sink(type, capacity);
    default: return new UnsupportedSink(type, capacity);
  }
}
