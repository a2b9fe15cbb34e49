/** Sinks for timestamps, symbols, UUID/LONG256, text and types import cannot convert (see column-sink.ts). */
import { ColumnType, TypeTag } from '../../core/data/column-type';
import { LONG_NULL, LONG_NULL_BIG, SYMBOL_NULL } from '../../core/data/null-values';
import { SymbolTable } from '../../core/data/symbol-table';
import { allocateData, Vector } from '../../core/data/vector';
import { fromExactLongs } from '../../core/data/exact-longs';
import { parseIsoTimestampNanos } from '../../core/time/iso-timestamp';
import { TimestampPattern } from '../../core/time/timestamp-pattern';
import { ColumnSink, FixedSink, isShort, SinkKind } from './column-sink';
import { parseLong256, parseUuid } from './number-parsers';
import { IntegerSink } from './number-sinks';
import { SymbolCache } from './symbol-cache';

/** TIMESTAMP (µs) or DATE (ms) through compiled patterns; the last pattern that matched is tried first. */
export class TemporalSink extends FixedSink {
  override readonly kind = SinkKind.Temporal;
  private current = 0;
  private readonly divisor: number;
  /** Per pattern: the width appendUntil may take without scanning, or -1 (set at its first call). */
  private widths: number[] | undefined;
  constructor(type: ColumnType, capacity: number, private readonly patterns: readonly TimestampPattern[]) {
    super(type, capacity, LONG_NULL);
    this.divisor = type.tag === TypeTag.DATE ? 1000 : 1;
  }
  append(b: Uint8Array, s: number, e: number): boolean {
    if (this.divisor === 1 && this.patterns[this.current].parseInto(b, s, e, this.data as Float64Array, this.rows)) {
      this.rows++;
      return true;
    }
    const v = this.parseMicros(b, s, e);
    if (v !== v) return false;
    this.data[this.rows++] = this.divisor === 1 ? v : Math.floor(v / 1000);
    return true;
  }

  /** The field as µs through the patterns, NaN when none matches. */
  parseMicros(b: Uint8Array, s: number, e: number): number {
    const patterns = this.patterns;
    let v = patterns[this.current].parse(b, s, e);
    if (v !== v) {
      for (let i = 0; i < patterns.length && v !== v; i++) {
        if (i === this.current) continue;
        v = patterns[i].parse(b, s, e);
        if (v === v) this.current = i;
      }
    }
    return v;
  }

  /** A fixed-width pattern that no stop byte can be part of: its value ends `fixedLength` bytes on, unscanned. */
  override appendUntil(b: Uint8Array, p: number, end: number, stops: Uint8Array): number {
    const width = (this.widths ??= this.widthsFor(stops))[this.current];
    if (width < 0) return super.appendUntil(b, p, end, stops);
    const q = p + width;
    if (q >= end) return -1;
    const pattern = this.patterns[this.current];
    if (this.divisor === 1) {
      // Stored by the pattern itself: a µs value returned through a call is a heap number per row.
      if (!pattern.parseInto(b, p, q, this.data as Float64Array, this.rows)) return -1;
      this.rows++;
      return q;
    }
    const v = pattern.parse(b, p, q);
    if (v !== v) return -1;
    this.data[this.rows++] = Math.floor(v / 1000);
    return q;
  }

  /**
   * Its own method: a closure over `stops` inside appendUntil would make V8 allocate a context for that
   * frame on every call, a row's worth of garbage each.
   */
  private widthsFor(stops: Uint8Array): number[] {
    return this.patterns.map((t) => (t.fixedLength > 0 && stops.every((x, byte) => x === 0 || !t.mayContain(byte)) ? t.fixedLength : -1));
  }
}

/**
 * TIMESTAMP_NS: ISO text to the nanosecond (exact int64s), else the patterns' µs scaled to ns. Values
 * beyond 2^53 travel in `exact` (core/data/exact-longs.ts).
 */
export class NanosSink extends FixedSink {
  private exact: BigInt64Array;
  constructor(type: ColumnType, capacity: number, private readonly micros: TemporalSink) {
    super(type, capacity, LONG_NULL);
    this.exact = new BigInt64Array(capacity);
  }
  append(b: Uint8Array, s: number, e: number): boolean {
    let ns = parseIsoTimestampNanos(latin1(b, s, e));
    if (ns === undefined) {
      const us = this.micros.parseMicros(b, s, e);
      if (us !== us) return false;
      ns = BigInt(us) * 1000n;
    }
    if (ns > LONG_MAX || ns <= LONG_NULL_BIG) return false;
    this.exact[this.rows] = ns;
    this.data[this.rows++] = Number(ns);
    return true;
  }
  override appendNull(): void {
    this.exact[this.rows] = LONG_NULL_BIG;
    super.appendNull();
  }
  override build(): Vector {
    const v = fromExactLongs(this.type, this.exact.slice(0, this.rows));
    super.build();
    return v;
  }
}

const LONG_MAX = 9223372036854775807n;

function latin1(b: Uint8Array, s: number, e: number): string {
  let out = '';
  for (let i = s; i < e; i++) out += String.fromCharCode(b[i]);
  return out;
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
  override appendUntil(b: Uint8Array, p: number, end: number, stops: Uint8Array): number {
    const key = this.cache.keyOfUntil(b, p, end, stops);
    if (key < 0) return -1;
    this.data[this.rows++] = key;
    return this.cache.end;
  }
  override build(lend = false): Vector { return { ...super.build(lend), symbols: this.symbols }; }
}

/** UUID (16 bytes a row) and LONG256 (32 bytes a row); null is every long LONG_NULL. */
export class WideSink extends FixedSink {
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
  override build(lend = false): Vector {
    const bytes = this.rows * this.width;
    const short = !lend && isShort(this.rows, this.capacity);
    const v: Vector = { type: this.type, data: short ? this.data.slice(0, bytes) : this.data.subarray(0, bytes) };
    if (!short && !lend) this.data = allocateData(this.type, this.capacity);
    this.rows = 0;
    return v;
  }
}

/** VARCHAR / STRING / BINARY: the field's bytes as they are (already UTF-8). */
export class BytesSink extends ColumnSink {
  override readonly kind = SinkKind.Bytes;
  /** Starting bytes: 16 a row up to 64 KiB, so small batches of wide tables start small. */
  private readonly initialBytes: number;
  private data: Uint8Array;
  private offsets: Int32Array;
  private nulls: Uint8Array | undefined;
  constructor(type: ColumnType, capacity: number) {
    super(type, capacity);
    this.initialBytes = Math.min(1 << 16, Math.max(64, capacity * 16));
    this.data = new Uint8Array(this.initialBytes);
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
  build(lend = false): Vector {
    const n = this.rows;
    const short = !lend && isShort(n, this.capacity);
    const offsets = short ? this.offsets.slice(0, n + 1) : this.offsets.subarray(0, n + 1);
    const v: Vector = { type: this.type, data: this.data.subarray(0, this.offsets[n]), offsets, nulls: this.nulls?.subarray(0, n) };
    if (!lend) this.data = new Uint8Array(Math.max(this.initialBytes, Math.min(this.data.length, 1 << 16)));
    if (!short && !lend) this.offsets = new Int32Array(this.capacity + 1);
    this.nulls = undefined;
    this.rows = 0;
    return v;
  }
}

/**
 * A type import cannot convert (GEOHASH, ARRAY, …): every non-empty value is an error, and the column is
 * all NULL in the layout of its type — for ARRAY empty elements, offsets and every row flagged null, as
 * the storage engine reads var-size vectors.
 */
export class UnsupportedSink extends ColumnSink {
  private readonly inner: ColumnSink;
  constructor(type: ColumnType, capacity: number) {
    super(type, capacity);
    this.inner = new IntegerSink(type, capacity, 0, -1, type.tag === TypeTag.GEOHASH ? -1 : 0);
  }
  append(): boolean { return false; }
  appendNull(): void { this.inner.appendNull(); this.rows = this.inner.rows; }
  override truncate(rows: number): void { this.inner.truncate(rows); this.rows = rows; }
  build(lend = false): Vector {
    const rows = this.rows;
    this.rows = 0;
    const v = this.inner.build(lend);
    if (this.type.tag !== TypeTag.ARRAY) return v;
    return { type: this.type, data: new Float64Array(0), offsets: new Int32Array(rows + 1), nulls: new Uint8Array(rows).fill(1) };
  }
}
