/**
 * A cached column read at an older commit, extended with the rows committed since (only the new bytes
 * are read). Appends never change committed bytes in place, so the old rows are still valid; the result
 * is a new vector, and readers holding the old one keep it unchanged. Returns undefined when extending
 * does not apply (exact LONGs, arrays): the caller reads the whole file then.
 */
import { TypeTag } from '../../core/data/column-type';
import { FixedArray, Vector, elementsPerRow } from '../../core/data/vector';
import { readBytes } from './atomic-file';
import { decodeFixed } from './vector-decoder';
import { sharedBuffer } from '../../core/data/shared-buffers';

const TWO_32 = 4294967296;

type Shared = { new (buffer: SharedArrayBuffer): FixedArray; readonly BYTES_PER_ELEMENT: number };

export interface ColumnFiles {
  readonly data: string;
  readonly index: string;
}

/** `prev` holds rows 0..prevRows of a column with no top; the files now hold `rows`, var heap `heapBytes`. */
export function extendVector(prev: Vector, prevRows: number, rows: number, width: number, files: ColumnFiles, heapBytes: number): Vector | undefined {
  if (prev.exact || prev.type.tag === TypeTag.ARRAY || prev.shapes) return undefined;
  const n = rows - prevRows;
  if (width > 0) {
    const tail = decodeFixed(prev.type, width, readBytes(files.data, prevRows * width, n * width), n, 0);
    if (tail.exact) return undefined;
    const per = elementsPerRow(prev.type);
    const ctor = prev.data.constructor as Shared;
    const data = new ctor(sharedBuffer(rows * per * ctor.BYTES_PER_ELEMENT));
    (data as Float64Array).set(prev.data.subarray(0, prevRows * per) as Float64Array);
    (data as Float64Array).set(tail.data as Float64Array, prevRows * per);
    return { type: prev.type, data };
  }
  const prevOffsets = prev.offsets as Int32Array;
  const prevHeap = prevOffsets[prevRows];
  const data = new Uint8Array(sharedBuffer(heapBytes));
  data.set((prev.data as Uint8Array).subarray(0, prevHeap));
  data.set(readBytes(files.data, prevHeap, heapBytes - prevHeap), prevHeap);
  const words = new Int32Array(readBytes(files.index, prevRows * 8, n * 8).buffer);
  const offsets = new Int32Array(sharedBuffer((rows + 1) * 4));
  offsets.set(prevOffsets.subarray(0, prevRows + 1));
  let nulls: Uint8Array | undefined;
  if (prev.nulls) {
    nulls = new Uint8Array(rows);
    nulls.set(prev.nulls.subarray(0, prevRows));
  }
  for (let i = 0; i < n; i++) {
    const v = words[2 * i + 1] * TWO_32 + (words[2 * i] >>> 0);
    if (v >= 0) {
      offsets[prevRows + i + 1] = v;
    } else {
      offsets[prevRows + i + 1] = -v - 1;
      nulls ??= new Uint8Array(rows);
      nulls[prevRows + i] = 1;
    }
  }
  return { type: prev.type, data, offsets, nulls };
}
