/**
 * A decoded chunk in stored form (raw-column.ts) as the vector a native partition's column file gives
 * (vector-decoder.ts), its arrays on SharedArrayBuffers like the column cache's, so query workers scan
 * Parquet rows without copies exactly as they scan native ones.
 */
import { TypeTag } from '../../../core/data/column-type';
import { Vector } from '../../../core/data/vector';
import { decodeArrayColumn } from '../array-codec';
import { decodeEnd, RawColumn } from '../raw-column';
import { decodeFixed } from '../vector-decoder';
import { sharedBuffer } from '../../../core/data/shared-buffers';

function shared(bytes: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(sharedBuffer(Math.max(length, 0)));
  out.set(bytes.subarray(0, length));
  return out;
}

export function storedVector(raw: RawColumn, type: Vector['type']): Vector {
  const rows = raw.rows;
  if (!raw.isVar) return decodeFixed(type, raw.width, shared(raw.bytes, rows * raw.width), rows, 0);
  const ends = (raw.ends as Float64Array).subarray(0, rows);
  if (type.tag === TypeTag.ARRAY) return decodeArrayColumn(type, raw.bytes, ends, rows, 0);
  const offsets = new Int32Array(sharedBuffer((rows + 1) * 4));
  let nulls: Uint8Array | undefined;
  for (let i = 0; i < rows; i++) {
    const v = ends[i];
    offsets[i + 1] = decodeEnd(v);
    if (v < 0) (nulls ??= new Uint8Array(rows))[i] = 1;
  }
  return { type, data: shared(raw.bytes, raw.byteLength), offsets, nulls };
}
