/**
 * One column chunk (all its pages) of one row group decoded into the stored form of its svc column
 * (raw-column.ts), exactly what the column's file would hold for those rows: vector-decoder.ts then makes the
 * same vector a native partition gives, and a rewrite can write it as column files. Pages: an optional
 * dictionary page, then data pages v1 (levels inside the compressed body) or v2 (levels ahead of it), with
 * PLAIN, PLAIN_DICTIONARY / RLE_DICTIONARY or DELTA_BINARY_PACKED values; definition levels mark nulls (the
 * type's null pattern), repetition levels the rows of a LIST column (DOUBLE[]). Memory: one chunk's pages.
 */
import { TypeTag, Types } from '../../../core/data/column-type';
import { RawColumn } from '../raw-column';
import { nullPattern, storedWidth } from '../vector-encoder';
import { ChunkMeta, FileColumn, Physical } from './footer-reader';
import { decodeHybrid } from './hybrid-decoding';
import { decompressPage } from './page-decompress';
import { ChunkTarget, deltaToStored, plainToStored } from './stored-values';
import { num, optStruct, ThriftReader, ThriftStruct } from './thrift-reader';

const enum PageType { DATA = 0, INDEX = 1, DICTIONARY = 2, DATA_V2 = 3 }
const enum Encoding { PLAIN = 0, PLAIN_DICTIONARY = 2, RLE = 3, DELTA_BINARY_PACKED = 5, RLE_DICTIONARY = 8 }

/** The values of one data page, present ones only: dense rows, or dictionary indices into `dictionary`. */
interface PageValues { readonly dense?: RawColumn; readonly indices?: Int32Array }

export async function decodeChunk(column: FileColumn, chunk: ChunkMeta, bytes: Uint8Array, rows: number, target: ChunkTarget): Promise<RawColumn> {
  const width = storedWidth(target.type);
  const out = new RawColumn(width, Math.max(1, rows), width === 0 ? Math.max(64, bytes.length * 2) : undefined);
  const pattern = nullPattern(target.type);
  const isList = column.isList;
  if (isList !== (target.type.tag === TypeTag.ARRAY)) throw new Error(`Parquet column ${column.name} does not match its column type`);
  const element: ChunkTarget = isList ? { type: Types.DOUBLE } : target;
  let dictionary: RawColumn | undefined;
  let pos = 0;
  let values = 0;
  while (values < chunk.numValues) {
    if (pos >= bytes.length) throw new Error(`column chunk ${column.name} ends after ${values} of ${chunk.numValues} values`);
    const reader = new ThriftReader(bytes, pos);
    const header = reader.struct();
    pos = reader.pos;
    const type = num(header, 1);
    const size = num(header, 2);
    const compressed = num(header, 3);
    if (compressed < 0 || size < 0 || pos + compressed > bytes.length) throw new Error(`a page of column ${column.name} runs past its chunk`);
    const body = bytes.subarray(pos, pos + compressed);
    pos += compressed;
    if (type === PageType.DICTIONARY) {
      const h = optStruct(header, 7);
      if (!h) throw new Error('a dictionary page without its header');
      const data = await decompressPage(chunk.codec, body, size);
      dictionary = plainToStored(column, element, data, 0, data.length, num(h, 1));
      continue;
    }
    if (type !== PageType.DATA && type !== PageType.DATA_V2) continue;
    const page = type === PageType.DATA ? await v1Page(header, body, size, chunk.codec, column) : await v2Page(header, body, size, chunk.codec, column);
    const present = page.defs ? countPresent(page.defs, page.count, column.maxDef) : page.count;
    const decoded = pageValues(page, present, column, element, dictionary);
    if (isList) emitList(out, page, decoded, dictionary, column);
    else emitRows(out, page, decoded, dictionary, column.maxDef, pattern);
    values += page.count;
  }
  if (out.rows !== rows) throw new Error(`column chunk ${column.name} holds ${out.rows} rows, its row group ${rows}`);
  return out;
}

interface DataPage {
  readonly count: number;
  readonly encoding: number;
  readonly defs: Uint8Array | undefined;
  readonly reps: Uint8Array | undefined;
  /** The values' bytes (decompressed) from `valuesAt`. */
  readonly data: Uint8Array;
  readonly valuesAt: number;
}

function bitWidth(max: number): number {
  let w = 0;
  while (max >= 2 ** w) w++;
  return w;
}

async function v1Page(header: ThriftStruct, body: Uint8Array, size: number, codec: number, column: FileColumn): Promise<DataPage> {
  const h = optStruct(header, 5);
  if (!h) throw new Error('a data page without its header');
  const count = num(h, 1);
  const data = await decompressPage(codec, body, size);
  let at = 0;
  const levels = (max: number): Uint8Array | undefined => {
    if (max === 0) return undefined;
    if (at + 4 > data.length) throw new Error('a data page ends in its levels');
    const len = new DataView(data.buffer, data.byteOffset + at, 4).getUint32(0, true);
    at += 4;
    if (at + len > data.length) throw new Error('a data page ends in its levels');
    const out = new Uint8Array(count);
    decodeHybrid(data, at, at + len, bitWidth(max), count, out);
    at += len;
    return out;
  };
  const reps = levels(column.maxRep);
  const defs = levels(column.maxDef);
  return { count, encoding: num(h, 2), defs, reps, data, valuesAt: at };
}

async function v2Page(header: ThriftStruct, body: Uint8Array, size: number, codec: number, column: FileColumn): Promise<DataPage> {
  const h = optStruct(header, 8);
  if (!h) throw new Error('a data page v2 without its header');
  const count = num(h, 1);
  const defLength = num(h, 5);
  const repLength = num(h, 6);
  if (defLength < 0 || repLength < 0 || repLength + defLength > body.length) throw new Error('a data page v2 ends in its levels');
  const levels = (max: number, from: number, length: number): Uint8Array | undefined => {
    if (max === 0) return undefined;
    const out = new Uint8Array(count);
    decodeHybrid(body, from, from + length, bitWidth(max), count, out);
    return out;
  };
  const reps = levels(column.maxRep, 0, repLength);
  const defs = levels(column.maxDef, repLength, defLength);
  const rest = body.subarray(repLength + defLength);
  const isCompressed = h.get(7) !== false && codec !== 0;
  const data = isCompressed ? await decompressPage(codec, rest, size - repLength - defLength) : rest;
  return { count, encoding: num(h, 4), defs, reps, data, valuesAt: 0 };
}

function countPresent(defs: Uint8Array, n: number, max: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (defs[i] === max) k++;
  return k;
}

function pageValues(page: DataPage, present: number, column: FileColumn, target: ChunkTarget, dictionary: RawColumn | undefined): PageValues {
  const { data, valuesAt } = page;
  switch (page.encoding) {
    case Encoding.PLAIN:
      return { dense: plainToStored(column, target, data, valuesAt, data.length, present) };
    case Encoding.PLAIN_DICTIONARY: case Encoding.RLE_DICTIONARY: {
      if (!dictionary) throw new Error(`column ${column.name} has dictionary-coded values but no dictionary page`);
      const indices = new Int32Array(present);
      if (present > 0) {
        decodeHybrid(data, valuesAt + 1, data.length, data[valuesAt], present, indices);
        const size = dictionary.rows;
        for (let i = 0; i < present; i++) if (indices[i] < 0 || indices[i] >= size) throw new Error(`column ${column.name} refers past its dictionary`);
      }
      return { indices };
    }
    case Encoding.DELTA_BINARY_PACKED:
      return { dense: deltaToStored(column, target, data, valuesAt, present) };
    case Encoding.RLE: {
      if (column.physical !== Physical.BOOLEAN) break;
      // Booleans as RLE (v2 writers): a 4-byte length, then bit-width-1 runs.
      const bits = new Uint8Array(present);
      decodeHybrid(data, valuesAt + 4, data.length, 1, present, bits);
      const dense = new RawColumn(1, Math.max(1, present));
      dense.bytes.set(bits);
      dense.rows = present;
      dense.byteLength = present;
      return { dense };
    }
    default: break;
  }
  throw new Error(`unsupported Parquet encoding ${page.encoding} in column ${column.name}`);
}

/** Rows of a flat column: present values in order, the null pattern where the definition level is lower. */
function emitRows(out: RawColumn, page: DataPage, v: PageValues, dictionary: RawColumn | undefined, maxDef: number, pattern: Uint8Array): void {
  const n = page.count;
  const defs = page.defs;
  const src = v.dense ?? (dictionary as RawColumn);
  const idx = v.indices;
  if (!defs && !idx) { out.appendRows(src, 0, n); return; }
  if (out.isVar) {
    let k = 0;
    for (let i = 0; i < n; i++) {
      if (defs && defs[i] !== maxDef) { out.appendNulls(1, pattern); continue; }
      const r = idx ? idx[k] : k;
      k++;
      out.appendRows(src, r, r + 1);
    }
    return;
  }
  const w = out.width;
  out.reserve(n);
  const base = out.byteLength;
  const dst = out.bytes, from = src.bytes;
  if (w % 4 === 0) {
    const words = w >> 2;
    const d = new Int32Array(dst.buffer, dst.byteOffset + base, n * words);
    const s = new Int32Array(from.buffer, from.byteOffset, from.length >> 2);
    const nullWords = new Int32Array(pattern.buffer, pattern.byteOffset, Math.max(1, pattern.length >> 2));
    for (let i = 0, k = 0; i < n; i++) {
      const o = i * words;
      if (defs && defs[i] !== maxDef) { for (let q = 0; q < words; q++) d[o + q] = nullWords[q]; continue; }
      const r = (idx ? idx[k] : k) * words;
      k++;
      for (let q = 0; q < words; q++) d[o + q] = s[r + q];
    }
  } else {
    for (let i = 0, k = 0; i < n; i++) {
      const o = base + i * w;
      if (defs && defs[i] !== maxDef) { for (let q = 0; q < w; q++) dst[o + q] = pattern[q]; continue; }
      const r = (idx ? idx[k] : k) * w;
      k++;
      for (let q = 0; q < w; q++) dst[o + q] = from[r + q];
    }
  }
  out.byteLength = base + n * w;
  out.rows += n;
}

/**
 * Rows of a LIST<DOUBLE> column in the stored ARRAY form (array-codec.ts: the extent as int32, padded to 8
 * bytes, then the float64 elements): a row starts at repetition level 0; below the list's own definition
 * level it is null, at it empty; one below the maximum is a null element (NaN).
 */
function emitList(out: RawColumn, page: DataPage, v: PageValues, dictionary: RawColumn | undefined, column: FileColumn): void {
  const n = page.count;
  const defs = page.defs as Uint8Array;
  const reps = page.reps as Uint8Array;
  const src = v.dense ?? (dictionary as RawColumn);
  const elements = new Float64Array(src.bytes.buffer, src.bytes.byteOffset, src.rows);
  const idx = v.indices;
  const max = column.maxDef;
  const listLevel = column.required ? 0 : 1;
  const elementOptional = max - listLevel - 1 === 1;
  if (n > 0 && reps[0] !== 0) throw new Error(`a row of column ${column.name} spans two pages`);
  out.reserve(n, n * 16 + src.rows * 8);
  const ends = out.ends as Float64Array;
  let k = 0;
  for (let i = 0; i < n;) {
    let j = i + 1;
    while (j < n && reps[j] !== 0) j++;
    if (defs[i] < listLevel) {
      ends[out.rows++] = -(out.byteLength + 1);
      i = j;
      continue;
    }
    const count = defs[i] === listLevel ? 0 : j - i;
    out.reserve(1, 8 + count * 8);
    const dv = new DataView(out.bytes.buffer, out.bytes.byteOffset);
    let p = out.byteLength;
    dv.setInt32(p, count, true);
    dv.setInt32(p + 4, 0, true);
    p += 8;
    for (let e = i; e < i + count; e++) {
      const present = defs[e] === max;
      if (!present && !(elementOptional && defs[e] === max - 1)) throw new Error(`column ${column.name} has an invalid definition level`);
      dv.setFloat64(p, present ? elements[idx ? idx[k] : k] : NaN, true);
      if (present) k++;
      p += 8;
    }
    out.byteLength = p;
    ends[out.rows++] = p;
    i = j;
  }
}
