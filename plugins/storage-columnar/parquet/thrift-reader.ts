/**
 * The Thrift compact protocol, read side (the write side is plugins/export-parquet/thrift-compact.ts): decodes
 * one struct into a map of field id → value, whatever the struct, so FileMetaData and PageHeader need no
 * generated code. Integers up to 2^53 come back as numbers (offsets, sizes and counts of a file fit), larger
 * ones lose precision; binaries are views of the input. Malformed input throws a plain Error (the caller
 * names the file).
 */

export type ThriftValue = number | boolean | Uint8Array | ThriftStruct | ThriftValue[];
export type ThriftStruct = Map<number, ThriftValue>;

const enum T { STOP = 0, TRUE = 1, FALSE = 2, BYTE = 3, I16 = 4, I32 = 5, I64 = 6, DOUBLE = 7, BINARY = 8, LIST = 9, SET = 10, MAP = 11, STRUCT = 12 }

/** Nesting deeper than this is no Parquet metadata: it stops a hostile file from exhausting the stack. */
const MAX_DEPTH = 64;

export class ThriftReader {
  pos: number;

  constructor(private readonly bytes: Uint8Array, start = 0) {
    this.pos = start;
  }

  /** Reads one struct (up to and including its STOP byte). */
  struct(depth = 0): ThriftStruct {
    if (depth > MAX_DEPTH) throw new Error('thrift structure nested too deeply');
    const out: ThriftStruct = new Map();
    let last = 0;
    for (;;) {
      const head = this.byte();
      if (head === T.STOP) return out;
      const type = head & 0x0f;
      const delta = head >> 4;
      const id = delta === 0 ? this.zigzag() : last + delta;
      last = id;
      out.set(id, this.value(type, depth));
    }
  }

  private value(type: number, depth: number): ThriftValue {
    switch (type) {
      case T.TRUE: return true;
      case T.FALSE: return false;
      case T.BYTE: { const b = this.byte(); return b > 127 ? b - 256 : b; }
      case T.I16: case T.I32: case T.I64: return this.zigzag();
      case T.DOUBLE: {
        this.need(8);
        const v = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.pos, 8).getFloat64(0, true);
        this.pos += 8;
        return v;
      }
      case T.BINARY: {
        const n = this.varint();
        this.need(n);
        const v = this.bytes.subarray(this.pos, this.pos + n);
        this.pos += n;
        return v;
      }
      case T.LIST: case T.SET: {
        const head = this.byte();
        const size = (head >> 4) === 15 ? this.varint() : head >> 4;
        const elem = head & 0x0f;
        const list: ThriftValue[] = [];
        for (let i = 0; i < size; i++) list.push(elem === T.TRUE || elem === T.FALSE ? this.byte() === 1 : this.value(elem, depth + 1));
        return list;
      }
      case T.MAP: {
        const size = this.varint();
        if (size > 0) {
          const kinds = this.byte();
          for (let i = 0; i < size; i++) { this.value(kinds >> 4, depth + 1); this.value(kinds & 0x0f, depth + 1); }
        }
        return [];
      }
      case T.STRUCT: return this.struct(depth + 1);
      default: throw new Error(`invalid thrift field type ${type} at byte ${this.pos}`);
    }
  }

  private byte(): number {
    this.need(1);
    return this.bytes[this.pos++];
  }

  private need(n: number): void {
    if (n < 0 || this.pos + n > this.bytes.length) throw new Error(`thrift data ends early (byte ${this.pos} of ${this.bytes.length})`);
  }

  /** An unsigned varint, as a number (exact below 2^53). */
  private varint(): number {
    let v = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      const b = this.byte();
      v += (b & 0x7f) * scale;
      if (b < 0x80) return v;
      scale *= 128;
    }
    throw new Error('invalid thrift varint');
  }

  private zigzag(): number {
    const u = this.varint();
    // (u >>> 1) ^ -(u & 1), in floating point for values past 32 bits.
    return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
  }
}

/** Field accessors that check the type, so a malformed file is an error, not a wrong answer. */
export function num(s: ThriftStruct, id: number, fallback?: number): number {
  const v = s.get(id);
  if (typeof v === 'number') return v;
  if (v === undefined && fallback !== undefined) return fallback;
  throw new Error(`thrift field ${id} is missing or not a number`);
}

export function optNum(s: ThriftStruct, id: number): number | undefined {
  const v = s.get(id);
  return typeof v === 'number' ? v : undefined;
}

export function optStruct(s: ThriftStruct, id: number): ThriftStruct | undefined {
  const v = s.get(id);
  return v instanceof Map ? v : undefined;
}

export function list(s: ThriftStruct, id: number): ThriftValue[] {
  const v = s.get(id);
  return Array.isArray(v) ? v : [];
}

export function optBytes(s: ThriftStruct, id: number): Uint8Array | undefined {
  const v = s.get(id);
  return v instanceof Uint8Array ? v : undefined;
}

const utf8 = new TextDecoder();

export function optString(s: ThriftStruct, id: number): string | undefined {
  const b = optBytes(s, id);
  return b === undefined ? undefined : utf8.decode(b);
}
