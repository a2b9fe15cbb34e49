/** Dictionary entries in their column's plain encoding, for the dictionary page and bloom filters. */
import { ByteOutput } from '../export-csv/byte-output';
import { ColumnStats } from './column-stats';
import { NumberDictionary } from './number-dictionary';
import { ValueKind } from './parquet-schema';

/** BYTE_ARRAY entries, each with its 4-byte length; also feeds min/max to `stats`. */
export function byteArrayDictionaryBytes(entries: readonly Uint8Array[], stats: ColumnStats | undefined): Uint8Array {
  const o = new ByteOutput(1024);
  for (const e of entries) {
    o.ensure(4 + e.length);
    new DataView(o.buf.buffer).setUint32(o.pos, e.length, true);
    o.pos += 4;
    o.bytes(e);
    stats?.bytes(e, 0, e.length);
  }
  return o.take();
}

export function numericDictionaryBytes(kind: ValueKind, d: NumberDictionary): Uint8Array {
  const n = d.size;
  switch (kind) {
    case 'double': return new Uint8Array(d.values.buffer, 0, n * 8).slice();
    case 'float': return new Uint8Array(Float32Array.from(d.values.subarray(0, n)).buffer);
    case 'int32': return new Uint8Array(Int32Array.from(d.values.subarray(0, n)).buffer);
    default: {
      const w = new Uint32Array(n * 2);
      for (let i = 0; i < n; i++) {
        const x = d.values[i];
        const hi = Math.floor(x / 4294967296);
        w[i * 2] = x - hi * 4294967296; w[i * 2 + 1] = hi;
      }
      return new Uint8Array(w.buffer);
    }
  }
}
