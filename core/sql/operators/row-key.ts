/**
 * A row's key values as fixed-width bytes (GROUP BY and DISTINCT over several columns, join keys, set
 * operations), so a ByteKeyIndex can hash them with no string per row. Each column takes 8 value bytes
 * plus a tag byte: null; a number as its float64 (every number-like type alike, so INT 1 and LONG 1 are
 * the same key, as SQL compares them); a LONG beyond 2^53 as its int64; a text or byte value (VARCHAR,
 * STRING, SYMBOL, BINARY, UUID, LONG256) as its id in `texts`, one ByteKeyIndex of the values' bytes, so
 * a SYMBOL and a VARCHAR holding the same text are the same key. A SYMBOL key is looked up once per
 * dictionary entry, not once per row.
 */
import { TypeTag } from '../../data/column-type';
import { INT_NULL, LONG_NULL } from '../../data/null-values';
import { SymbolTable } from '../../data/symbol-table';
import { elementsPerRow, Vector } from '../../data/vector';
import { QueryMemory } from '../query-memory';
import { ByteKeyIndex } from './byte-key-index';

/** Tags of an encoded column. */
export const KEY_NULL = 0;
const NULL = KEY_NULL, NUMBER = 1, INT64 = 2, TEXT = 3;
/** A symbol key whose text id is not known yet. */
const UNKNOWN = -2;

export class RowKeyEncoder {
  readonly texts: ByteKeyIndex;
  /** The key bytes of the last encoded row: `width` bytes. */
  readonly bytes: Uint8Array;
  readonly width: number;
  private readonly values: Float64Array;
  private readonly int64: BigInt64Array;
  private readonly symbolIds = new Map<SymbolTable, Int32Array>();

  constructor(readonly columns: number, memory: QueryMemory, what: string) {
    const buffer = new ArrayBuffer(columns * 9 + 8);
    this.values = new Float64Array(buffer, 0, columns);
    this.int64 = new BigInt64Array(buffer, 0, columns);
    this.bytes = new Uint8Array(buffer);
    this.width = columns * 9;
    this.texts = new ByteKeyIndex(memory, what);
  }

  /**
   * Encodes row `i` of `keys` into `bytes`. With `add` false (probing a built table) a text never added
   * makes the row unmatchable: returns false. Returns true otherwise.
   */
  encode(keys: readonly Vector[], i: number, add: boolean): boolean {
    const tags = this.columns * 8;
    for (let c = 0; c < keys.length; c++) {
      const v = keys[c];
      const tag = this.encodeOne(v, i, c, add);
      if (tag < 0) return false;
      this.bytes[tags + c] = tag;
    }
    return true;
  }

  /** The tag of column `c` of the last encoded row (KEY_NULL for SQL NULL). */
  tag(c: number): number {
    return this.bytes[this.columns * 8 + c];
  }

  /** The float64 of column `c` of the last encoded row: the number, or the text id. */
  value(c: number): number {
    return this.values[c];
  }

  private encodeOne(v: Vector, i: number, c: number, add: boolean): number {
    if (isNullKey(v, i)) { this.values[c] = 0; return NULL; }
    const d = v.data;
    switch (v.type.tag) {
      case TypeTag.SYMBOL: return this.text(this.symbolId(v, d[i], add), c);
      case TypeTag.STRING: case TypeTag.VARCHAR: case TypeTag.BINARY: case TypeTag.ARRAY: {
        const o = v.offsets as Int32Array;
        const bytes = d instanceof Uint8Array ? d : new Uint8Array(d.buffer, d.byteOffset, d.byteLength);
        const w = d instanceof Uint8Array ? 1 : d.BYTES_PER_ELEMENT;
        return this.text(this.textId(bytes, o[i] * w, o[i + 1] * w, add), c);
      }
      case TypeTag.UUID: case TypeTag.LONG256: case TypeTag.INTERVAL: {
        const bytes = new Uint8Array(d.buffer, d.byteOffset, d.byteLength);
        const w = elementsPerRow(v.type) * d.BYTES_PER_ELEMENT;
        return this.text(this.textId(bytes, i * w, (i + 1) * w, add), c);
      }
      default:
        if (v.exact && !Number.isSafeInteger(d[i])) { this.int64[c] = v.exact[i]; return INT64; }
        // -0 and 0 are one key.
        this.values[c] = d[i] + 0;
        return NUMBER;
    }
  }

  private text(id: number, c: number): number {
    if (id < 0) return -1;
    this.values[c] = id;
    return TEXT;
  }

  private textId(bytes: Uint8Array, lo: number, hi: number, add: boolean): number {
    return add ? this.texts.assign(bytes, lo, hi) : this.texts.find(bytes, lo, hi);
  }

  private symbolId(v: Vector, key: number, add: boolean): number {
    const table = v.symbols as SymbolTable;
    let ids = this.symbolIds.get(table);
    if (!ids || ids.length <= key) {
      const grown = new Int32Array(Math.max(table.size, key + 1, 16)).fill(UNKNOWN);
      if (ids) grown.set(ids);
      ids = grown;
      this.symbolIds.set(table, ids);
    }
    let id = ids[key];
    if (id === UNKNOWN || (id < 0 && add)) {
      const utf8 = table.utf8(key);
      id = this.textId(utf8, 0, utf8.length, add);
      ids[key] = id;
    }
    return id;
  }
}

/** SQL NULL without decoding the value (readValue would build strings for UUIDs). */
export function isNullKey(v: Vector, i: number): boolean {
  const d = v.data;
  switch (v.type.tag) {
    case TypeTag.STRING: case TypeTag.VARCHAR: case TypeTag.BINARY: case TypeTag.ARRAY: return v.nulls !== undefined && v.nulls[i] === 1;
    case TypeTag.SYMBOL: case TypeTag.GEOHASH: return d[i] < 0;
    case TypeTag.INT: return d[i] === INT_NULL;
    case TypeTag.CHAR: case TypeTag.IPV4: return d[i] === 0;
    case TypeTag.FLOAT: case TypeTag.DOUBLE: return d[i] !== d[i];
    case TypeTag.LONG: case TypeTag.DATE: case TypeTag.TIMESTAMP: case TypeTag.TIMESTAMP_NS:
      return v.exact ? v.exact[i] === -9223372036854775808n : d[i] === LONG_NULL;
    case TypeTag.INTERVAL: return d[2 * i] === LONG_NULL;
    case TypeTag.UUID: case TypeTag.LONG256: {
      const w = elementsPerRow(v.type), b = new DataView(d.buffer, d.byteOffset + i * w, w);
      for (let k = 0; k < w; k += 8) if (b.getBigInt64(k, true) !== -9223372036854775808n) return false;
      return true;
    }
    case TypeTag.NULL: return true;
    default: return false;
  }
}
