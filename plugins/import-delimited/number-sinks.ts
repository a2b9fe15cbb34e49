/** Sinks for numbers, booleans, characters and IPv4 addresses (see column-sink.ts). */
import { ColumnType } from '../../core/data/column-type';
import { CHAR_NULL, IPV4_NULL, LONG_NULL, LONG_NULL_BIG } from '../../core/data/null-values';
import { decodeUtf8 } from '../../core/data/utf8';
import { Vector } from '../../core/data/vector';
import { FixedSink, SinkKind } from './column-sink';
import { isNullWord, NEEDS_BIGINT, PARSE_FAILED, parseBigInteger, parseBoolean, parseDouble, parseInteger, parseIpv4, scanDouble } from './number-parsers';

const LONG_MAX = 9223372036854775807n;

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

export class LongSink extends FixedSink {
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
  override build(lend = false): Vector {
    const exact = this.exact?.subarray(0, this.rows);
    this.exact = undefined;
    return { ...super.build(lend), exact };
  }
}

export class DoubleSink extends FixedSink {
  override readonly kind = SinkKind.Double;
  /** scanDouble's result. */
  private readonly value = new Float64Array(1);
  constructor(type: ColumnType, capacity: number) { super(type, capacity, NaN); }
  append(b: Uint8Array, s: number, e: number): boolean {
    const v = parseDouble(b, s, e);
    if (v !== v && !isNullWord(b, s, e)) return false;
    this.data[this.rows++] = v;
    return true;
  }
  override appendUntil(b: Uint8Array, p: number, end: number): number {
    const q = scanDouble(b, p, end, this.value);
    if (q < 0 || q >= end) return -1;
    this.data[this.rows++] = this.value[0];
    return q;
  }
}

export class BooleanSink extends FixedSink {
  constructor(type: ColumnType, capacity: number) { super(type, capacity, 0); }
  append(b: Uint8Array, s: number, e: number): boolean {
    const v = parseBoolean(b, s, e);
    if (v < 0) return false;
    this.data[this.rows++] = v;
    return true;
  }
}

export class CharSink extends FixedSink {
  constructor(type: ColumnType, capacity: number) { super(type, capacity, CHAR_NULL); }
  append(b: Uint8Array, s: number, e: number): boolean {
    const text = b[s] < 0x80 && e - s === 1 ? null : decodeUtf8(b, s, e);
    if (text !== null && text.length !== 1) return false;
    this.data[this.rows++] = text === null ? b[s] : text.charCodeAt(0);
    return true;
  }
}

export class Ipv4Sink extends FixedSink {
  constructor(type: ColumnType, capacity: number) { super(type, capacity, IPV4_NULL); }
  append(b: Uint8Array, s: number, e: number): boolean {
    const v = parseIpv4(b, s, e);
    if (v === PARSE_FAILED) return false;
    this.data[this.rows++] = v;
    return true;
  }
}
