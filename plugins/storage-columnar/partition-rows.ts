/**
 * Rows `[lo, hi)` of a native partition's column read from its files past the cache: the Parquet encoder reads
 * a partition one row group at a time this way, so converting a partition holds one row group in memory,
 * never the whole partition, and leaves the column cache to the queries. Rows before the column's top read
 * as null, as in a whole-column read.
 */
import { Vector } from '../../core/data/vector';
import { readBytes } from './atomic-file';
import { columnTop, dataPath, indexPath } from './partition-files';
import { decodeEnd } from './raw-column';
import { StoredColumn } from './table-meta';
import { PartitionState } from './txn-state';
import { decodeFixed, decodeVar, nullVector } from './vector-decoder';
import { storedWidth } from './vector-encoder';

const TWO_32 = 4294967296;

export function readRowRange(tableDir: string, p: PartitionState, c: StoredColumn, lo: number, hi: number): Vector {
  const rows = hi - lo;
  const top = columnTop(p, c);
  const w = storedWidth(c.type);
  const localTop = Math.min(rows, Math.max(0, top - lo));
  if (localTop >= rows) return nullVector(c.type, w, rows);
  // Stored rows (after the top) this range covers.
  const s0 = Math.max(lo, top) - top;
  const s1 = hi - top;
  if (w > 0) return decodeFixed(c.type, w, readBytes(dataPath(tableDir, p, c), s0 * w, (s1 - s0) * w), rows, localTop);
  const first = s0 === 0 ? 0 : 1;
  const index = readBytes(indexPath(tableDir, p, c), (s0 - first) * 8, (s1 - s0 + first) * 8);
  const words = new Int32Array(index.buffer, index.byteOffset, index.length >> 2);
  const endAt = (k: number): number => words[2 * k + 1] * TWO_32 + (words[2 * k] >>> 0);
  const start = first === 0 ? 0 : decodeEnd(endAt(0));
  const end = decodeEnd(endAt(s1 - s0 + first - 1));
  const data = readBytes(dataPath(tableDir, p, c), start, end - start);
  // The range's ends relative to its first heap byte, null rows kept negative.
  const shifted = new Int32Array((s1 - s0) * 2);
  for (let k = 0; k < s1 - s0; k++) {
    const v = endAt(k + first);
    const e = v >= 0 ? v - start : v + start;
    const h = Math.floor(e / TWO_32);
    shifted[2 * k] = (e - h * TWO_32) | 0;
    shifted[2 * k + 1] = h | 0;
  }
  return decodeVar(c.type, data, new Uint8Array(shifted.buffer), rows, localTop);
}
