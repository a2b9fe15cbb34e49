/**
 * Column files inside a partition folder: `<file>.d` (fixed values or var-size heap) and `<file>.i`
 * (var-size encoded ends, int64). Reads go through the column cache and never past committed sizes;
 * writes are positional at the committed size, so bytes of a failed or crashed commit are overwritten
 * or truncated by recovery, never read.
 */
import { closeSync, constants, openSync } from 'node:fs';
import { join } from 'node:path';
import { Vector } from '../../core/data/vector';
import { SvcError } from '../../core/errors';
import { CommitMode, readBytes } from './atomic-file';
import { ColumnCache } from './column-cache';
import { FileWrites, SYNC_WRITES } from './file-writes';
import { RawColumn, decodeEnd } from './raw-column';
import { StoredColumn } from './table-meta';
import { PartitionState } from './txn-state';
import { decodeFixed, decodeVar, nullVector } from './vector-decoder';
import { extendVector } from './vector-extend';
import { ScratchBuffers } from './scratch-buffers';
import { nullPattern, storedWidth } from './vector-encoder';
import { buildPostings, extendPostings, postingList, SymbolPostings } from './symbol-postings';
import { SYMBOL_NULL } from '../../core/data/null-values';

const TWO_32 = 4294967296;
const MAX_HEAP_BYTES = 2147483647;

export function columnTop(p: PartitionState, c: StoredColumn): number {
  return Math.min(p.tops[c.id] ?? 0, p.rows);
}

export function dataPath(tableDir: string, p: PartitionState, c: StoredColumn): string {
  return join(tableDir, p.dir, `${c.file}.d`);
}

export function indexPath(tableDir: string, p: PartitionState, c: StoredColumn): string {
  return join(tableDir, p.dir, `${c.file}.i`);
}

/** Committed bytes of a column's files in a partition: [`.d`, `.i`]. */
export function committedSizes(p: PartitionState, c: StoredColumn): [number, number] {
  if (p.parquet) return [0, 0];
  const w = storedWidth(c.type);
  const stored = p.rows - columnTop(p, c);
  return w > 0 ? [stored * w, 0] : [p.varBytes[c.id] ?? 0, stored * 8];
}

/**
 * The decoded column of a committed partition, from the cache. A cached older version of the same file
 * (the partition took appends since) is extended with the new rows instead of read again.
 */
export function loadVector(cache: ColumnCache, tableDir: string, p: PartitionState, c: StoredColumn): Vector {
  nativeOnly(p);
  const top = columnTop(p, c);
  const w = storedWidth(c.type);
  if (top >= p.rows) return nullVector(c.type, w, p.rows);
  return cache.get(join(tableDir, p.dir, c.file), `${p.rows}|${top}`, (previous) => {
    const [dataBytes] = committedSizes(p, c);
    if (previous && top === 0) {
      const prevRows = Number(previous.version.split('|')[0]);
      if (previous.version === `${prevRows}|0` && prevRows > 0 && prevRows < p.rows) {
        const files = { data: dataPath(tableDir, p, c), index: indexPath(tableDir, p, c) };
        const extended = extendVector(previous.vector, prevRows, p.rows, w, files, dataBytes);
        if (extended) return extended;
      }
    }
    return readVector(tableDir, p, c);
  });
}

/**
 * The posting lists of a committed partition's SYMBOL column (`symbolCount`: the reader's dictionary size,
 * which covers every key of its snapshot's rows), from the cache beside the column itself.
 */
export function loadPostings(cache: ColumnCache, tableDir: string, p: PartitionState, c: StoredColumn, symbolCount: number): SymbolPostings {
  const top = columnTop(p, c);
  const file = join(tableDir, p.dir, c.file), version = `${p.rows}|${top}`;
  const postings = cache.postings(file, version, (previous) => {
    const keys = loadVector(cache, tableDir, p, c).data as Int32Array;
    // The partition took appends since the cached lists were built: only the new rows are sorted in.
    const prevRows = previous ? Number(previous.version.split('|')[0]) : 0;
    if (previous && top === 0 && previous.version === `${prevRows}|0` && prevRows > 0 && prevRows < p.rows) {
      return extendPostings(previous.postings, keys, prevRows, p.rows, symbolCount);
    }
    return buildPostings(keys, p.rows, symbolCount);
  });
  cache.putFact(file + NULL_ROWS, version, postingList(postings, SYMBOL_NULL).length);
  return postings;
}

const NULL_ROWS = '#null-rows';

/**
 * The rows of a committed partition's SYMBOL column holding NULL when known without reading the column: noted
 * whenever its posting lists were loaded (a fact that outlives them in the cache), or all rows before the column
 * was added.
 */
export function knownNullRows(cache: ColumnCache, tableDir: string, p: PartitionState, c: StoredColumn): number | undefined {
  const top = columnTop(p, c);
  if (top >= p.rows) return p.rows;
  return cache.fact(join(tableDir, p.dir, c.file) + NULL_ROWS, `${p.rows}|${top}`);
}

/** The decoded column of a partition read from its files, past the cache: for a transaction's staged partitions. */
export function readVector(tableDir: string, p: PartitionState, c: StoredColumn): Vector {
  nativeOnly(p);
  const [dataBytes, indexBytes] = committedSizes(p, c);
  const top = columnTop(p, c);
  const w = storedWidth(c.type);
  if (top >= p.rows) return nullVector(c.type, w, p.rows);
  const data = readBytes(dataPath(tableDir, p, c), 0, dataBytes);
  if (w > 0) return decodeFixed(c.type, w, data, p.rows, top);
  return decodeVar(c.type, data, readBytes(indexPath(tableDir, p, c), 0, indexBytes), p.rows, top);
}

/** A committed partition column in disk form, rows before its top filled with nulls (for merges). */
export function loadRaw(tableDir: string, p: PartitionState, c: StoredColumn, scratch?: ScratchBuffers): RawColumn {
  nativeOnly(p);
  const top = columnTop(p, c);
  const w = storedWidth(c.type);
  const [dataBytes, indexBytes] = committedSizes(p, c);
  const src = new RawColumn(w, 1, 1);
  src.rows = p.rows - top;
  const length = src.rows > 0 ? dataBytes : 0;
  src.bytes = readBytes(dataPath(tableDir, p, c), 0, length, scratch?.take('data', length));
  src.byteLength = src.bytes.length;
  if (w === 0) {
    const ends = new Float64Array(src.rows);
    if (src.rows > 0) {
      // A view of exactly the bytes read: a scratch buffer is usually longer than this column's `.i` bytes.
      const index = readBytes(indexPath(tableDir, p, c), 0, indexBytes, scratch?.take('index', indexBytes));
      const words = new Int32Array(index.buffer, index.byteOffset, index.length >> 2);
      for (let i = 0; i < src.rows; i++) ends[i] = words[2 * i + 1] * TWO_32 + (words[2 * i] >>> 0);
    }
    src.ends = ends;
  }
  if (top === 0) return src;
  const out = new RawColumn(w, Math.max(1, p.rows), Math.max(1, dataBytes));
  out.appendNulls(top, nullPattern(c.type));
  out.appendRows(src, 0, src.rows);
  return out;
}

/** Column-file reads of a Parquet partition are a bug: its rows are read through parquet/parquet-reads.ts. */
function nativeOnly(p: PartitionState): void {
  if (p.parquet) throw new Error(`column files read from a Parquet partition [partition=${p.name}, dir=${p.dir}]`);
}

export interface WrittenColumn {
  /** `.d` bytes after the write (var-size: the heap size). */
  readonly dataBytes: number;
}

/**
 * Writes rows `lo..hi` of `src` into a partition column whose files hold `storedRows` rows and
 * `heapBytes` heap bytes, at those positions, through `files` (deferred: `src` must stay as it is until they drained).
 */
export function writeColumnRows(tableDir: string, p: PartitionState, c: StoredColumn, src: RawColumn, lo: number, hi: number,
  storedRows: number, heapBytes: number, mode: CommitMode, files: FileWrites = SYNC_WRITES): WrittenColumn {
  const data = dataPath(tableDir, p, c);
  const fd = openSync(data, constants.O_RDWR | constants.O_CREAT);
  if (!src.isVar) {
    const w = src.width;
    files.writeAndFinish(fd, src.bytes.subarray(lo * w, hi * w), storedRows * w, mode, data);
    return { dataBytes: 0 };
  }
  let handedOver = false;
  try {
    const ends = src.ends as Float64Array;
    const start = lo === 0 ? 0 : decodeEnd(ends[lo - 1]);
    const end = hi === 0 ? 0 : decodeEnd(ends[hi - 1]);
    // In memory, var-size offsets are Int32Array (core/data/vector.ts): a partition column's heap stays below 2 GiB.
    if (heapBytes + end - start > MAX_HEAP_BYTES) {
      throw new SvcError(`partition column too large [column=${c.name}, partition=${p.name}, bytes=${heapBytes + end - start}]: use a finer PARTITION BY`, 400);
    }
    handedOver = true;
    files.writeAndFinish(fd, src.bytes.subarray(start, end), heapBytes, mode, data);
    const words = new Int32Array((hi - lo) * 2);
    const shift = heapBytes - start;
    for (let i = lo, o = 0; i < hi; i++, o += 2) {
      const v = ends[i];
      const e = v >= 0 ? v + shift : v - shift;
      const h = Math.floor(e / TWO_32);
      words[o] = (e - h * TWO_32) | 0;
      words[o + 1] = h | 0;
    }
    const index = indexPath(tableDir, p, c);
    const ifd = openSync(index, constants.O_RDWR | constants.O_CREAT);
    files.writeAndFinish(ifd, new Uint8Array(words.buffer), storedRows * 8, mode, index);
    return { dataBytes: heapBytes + end - start };
  } finally {
    if (!handedOver) closeSync(fd);
  }
}
