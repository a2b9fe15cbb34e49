/**
 * The Thrift compact protocol, write side only: enough for Parquet's FileMetaData, PageHeader and
 * BloomFilterHeader (parquet-format `parquet.thrift`). Field ids are delta-encoded per struct, so the
 * writer keeps a stack of the last id written in each open struct.
 */
import { ByteOutput } from '../export-csv/byte-output';

export const enum TType { TRUE = 1, FALSE = 2, BYTE = 3, I16 = 4, I32 = 5, I64 = 6, DOUBLE = 7, BINARY = 8, LIST = 9, STRUCT = 12 }

const utf8 = new TextEncoder();

export class ThriftWriter {
  readonly out: ByteOutput;
  private lastId: number[] = [0];

  constructor(out = new ByteOutput(1024)) {
    this.out = out;
  }

  private varint(v: number): void {
    while (v >= 0x80) {
      this.out.byte((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    this.out.byte(v);
  }

  private varint64(v: bigint): void {
    while (v >= 0x80n) {
      this.out.byte(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.out.byte(Number(v));
  }

  private zigzag32(v: number): void {
    this.varint(((v << 1) ^ (v >> 31)) >>> 0);
  }

  private zigzag64(v: number | bigint): void {
    const b = BigInt.asIntN(64, BigInt(v));
    this.varint64(BigInt.asUintN(64, (b << 1n) ^ (b >> 63n)));
  }

  private header(id: number, type: TType): void {
    const top = this.lastId.length - 1;
    const delta = id - this.lastId[top];
    if (delta > 0 && delta <= 15) this.out.byte((delta << 4) | type);
    else { this.out.byte(type); this.zigzag32(id); }
    this.lastId[top] = id;
  }

  i32(id: number, v: number): this { this.header(id, TType.I32); this.zigzag32(v); return this; }
  i16(id: number, v: number): this { this.header(id, TType.I16); this.zigzag32(v); return this; }
  byteField(id: number, v: number): this { this.header(id, TType.BYTE); this.out.byte(v & 0xff); return this; }
  i64(id: number, v: number | bigint): this { this.header(id, TType.I64); this.zigzag64(v); return this; }
  bool(id: number, v: boolean): this { this.header(id, v ? TType.TRUE : TType.FALSE); return this; }

  binary(id: number, bytes: Uint8Array): this {
    this.header(id, TType.BINARY);
    this.varint(bytes.length);
    this.out.bytes(bytes);
    return this;
  }

  string(id: number, s: string): this { return this.binary(id, utf8.encode(s)); }

  /** Opens a struct field; close it with `end()`. */
  struct(id: number): this {
    this.header(id, TType.STRUCT);
    this.lastId.push(0);
    return this;
  }

  /** An empty struct field (union members such as `STRING: StringType`). */
  empty(id: number): this { return this.struct(id).end(); }

  /** Closes the innermost open struct (also a struct element of a list). */
  end(): this {
    this.out.byte(0);
    this.lastId.pop();
    return this;
  }

  list(id: number, elemType: TType, size: number): this {
    this.header(id, TType.LIST);
    if (size < 15) this.out.byte((size << 4) | elemType);
    else { this.out.byte(0xf0 | elemType); this.varint(size); }
    return this;
  }

  /** Opens one struct element of a list; close it with `end()`. */
  element(): this {
    this.lastId.push(0);
    return this;
  }

  i32Element(v: number): this { this.zigzag32(v); return this; }

  stringElement(s: string): this {
    const b = utf8.encode(s);
    this.varint(b.length);
    this.out.bytes(b);
    return this;
  }

  /** Ends the top-level struct being written. */
  finish(): Uint8Array {
    this.out.byte(0);
    return this.out.take();
  }
}
