/**
 * One column's chunk within the current row group: fills pages (cut at `data_page_size` bytes),
 * compresses each page as it closes, and at the end of the row group returns the chunk's bytes
 * (dictionary page first for SYMBOL) and its ColumnMetaData facts. Data pages are v1 for
 * `parquet_version=1` and v2 for 2 (parquet.thrift DataPageHeader / DataPageHeaderV2).
 */
import { Vector } from '../../core/data/vector';
import { ByteOutput } from '../export-csv/byte-output';
import { appendListValues } from './list-values';
import { BloomFilter, bloomFilterBytes } from './bloom-filter';
import { ColumnStats } from './column-stats';
import { appendValues } from './column-values';
import { deltaBinaryPacked, int64Numbers } from './delta-binary-packed';
import { bitPackedIndices, bitWidthOf, rleLevels } from './level-encoding';
import { byteArrayDictionaryBytes, numericDictionaryBytes } from './dictionary-bytes';
import { PageCompressor } from './page-compressor';
import { dataPage, dictionaryPage, Enc, Page } from './page-builder';
import { PageValues } from './page-values';
import { ParquetOptions } from './parquet-options';
import { LeafSpec, Physical } from './parquet-schema';
import { appendDictionaryValues, NumberDictionary } from './number-dictionary';
import { SymbolDictionary } from './symbol-dictionary';
import { xxhash64 } from './xxhash64';


/** What the footer needs about a written chunk. */
export interface ChunkFacts {
  readonly spec: LeafSpec;
  readonly parts: Uint8Array[];
  readonly numValues: number;
  readonly uncompressed: number;
  readonly compressed: number;
  /** Offsets relative to the chunk start. */
  readonly dictionaryOffset: number | undefined;
  readonly dataOffset: number;
  readonly encodings: readonly number[];
  readonly stats: ColumnStats | undefined;
  /** Dropped once written, so the footer's facts do not keep the filter. */
  bloom: BloomFilter | undefined;
}

export class ColumnWriter {
  private readonly page = new PageValues();
  private pending: Promise<Page>[] = [];
  private stats: ColumnStats | undefined;
  private readonly dict: SymbolDictionary | undefined;
  private readonly numDict: NumberDictionary | undefined;
  /** The numeric dictionary filled up in this row group: the remaining pages are PLAIN. */
  private fallback = false;
  /** The open page holds dictionary indices. */
  private pageIsDict = false;
  /** Some page of this chunk holds dictionary indices, so the chunk needs its dictionary page. */
  private usedDict = false;
  /** Encodings of this chunk's data pages besides PLAIN/RLE (ColumnMetaData.encodings). */
  private readonly extraEncodings = new Set<number>();
  private hashes: bigint[] = [];
  private numValues = 0;
  private readonly width: number;
  private readonly maxDef: number;

  constructor(readonly spec: LeafSpec, private readonly options: ParquetOptions,
    private readonly compress: PageCompressor, private readonly bloom: boolean) {
    this.dict = spec.kind === 'symbol' ? new SymbolDictionary() : undefined;
    const k = spec.kind;
    this.numDict = k === 'double' || k === 'float' || k === 'int32' || k === 'int64' ? new NumberDictionary() : undefined;
    this.pageIsDict = this.dict !== undefined || this.numDict !== undefined;
    this.stats = options.statistics ? new ColumnStats() : undefined;
    this.width = spec.physical === Physical.DOUBLE || spec.physical === Physical.INT64 ? 8 : spec.physical === Physical.BYTE_ARRAY ? 16 : 4;
    this.maxDef = spec.kind === 'array-list' ? 2 * (spec.dims ?? 1) + 1 : spec.optional ? 1 : 0;
  }

  /** Rows `[from, to)` of `v`; closes pages as they reach `data_page_size`. */
  write(v: Vector, from: number, to: number): void {
    for (let s = from; s < to;) {
      // Rows that should still fit the page, from the bytes per row seen so far in it.
      const bytes = this.pageBytes();
      const perRow = this.page.rows > 0 ? Math.max(bytes / this.page.rows, 0.125) : this.width;
      const step = Math.max(1, Math.min(16384, Math.floor((this.options.dataPageSize - bytes) / perRow)));
      const e = Math.min(to, s + step);
      if (this.spec.kind === 'array-list') appendListValues(this.page, v, s, e, this.stats, this.spec.dims ?? 1);
      else if (this.numDict && !this.fallback) {
        const stop = v.exact ? s : appendDictionaryValues(this.spec.kind, this.spec.optional, this.page, v, s, e, this.stats, this.numDict);
        if (stop < e) {
          this.closePage();
          this.fallback = true;
          this.pageIsDict = false;
          appendValues(this.spec, this.page, v, stop, e, this.stats, this.dict);
        }
      } else appendValues(this.spec, this.page, v, s, e, this.stats, this.dict);
      if (this.pageBytes() >= this.options.dataPageSize) this.closePage();
      s = e;
    }
  }

  private pageBytes(): number {
    const p = this.page;
    if (this.pageIsDict) return (p.fixed * bitWidthOf(this.dictionarySize())) / 8;
    if (p.bytes.pos > 0 || this.spec.physical === Physical.BYTE_ARRAY || this.spec.physical === Physical.FIXED_LEN_BYTE_ARRAY) return p.bytes.pos;
    return p.fixed * this.width;
  }

  private dictionarySize(): number {
    return this.dict ? this.dict.size : this.numDict ? this.numDict.size : 0;
  }

  /** Set by valueBytes: the encoding of a page that is not dictionary indices. */
  private plainEncoding: number = Enc.PLAIN;

  private valueBytes(): Uint8Array {
    const p = this.page;
    this.plainEncoding = Enc.PLAIN;
    if (this.pageIsDict) {
      const o = new ByteOutput(p.fixed * 3 + 16);
      bitPackedIndices(o, p.i32, p.fixed, bitWidthOf(Math.max(0, this.dictionarySize() - 1)));
      return o.take();
    }
    switch (this.spec.kind) {
      case 'double': case 'array-list': return new Uint8Array(p.f64.buffer, 0, p.fixed * 8).slice();
      case 'float': return new Uint8Array(p.f32.buffer, 0, p.fixed * 4).slice();
      case 'int32': return new Uint8Array(p.i32.buffer, 0, p.fixed * 4).slice();
      case 'int64': {
        if (this.options.version === 2 && p.fixed > 0) {
          const numbers = int64Numbers(p.i64, p.fixed);
          if (numbers) { this.plainEncoding = Enc.DELTA_BINARY_PACKED; return deltaBinaryPacked(numbers); }
        }
        return new Uint8Array(p.i64.buffer, 0, p.fixed * 8).slice();
      }
      case 'bool': {
        const out = new Uint8Array(Math.ceil(p.fixed / 8));
        for (let i = 0; i < p.fixed; i++) if (p.u8[i]) out[i >> 3] |= 1 << (i & 7);
        return out;
      }
      default: return p.bytes.take().slice();
    }
  }

  private hashPage(values: Uint8Array): void {
    const k = this.spec.kind;
    if (k === 'symbol') return;
    if (this.spec.physical === Physical.BYTE_ARRAY) {
      for (let pos = 0; pos < values.length;) {
        const len = values[pos] | (values[pos + 1] << 8) | (values[pos + 2] << 16) | (values[pos + 3] << 24);
        this.hashes.push(xxhash64(values, pos + 4, pos + 4 + len));
        pos += 4 + len;
      }
      return;
    }
    const w = this.spec.typeLength ?? (this.spec.physical === Physical.BOOLEAN ? 0 : this.width);
    if (w === 0) return;
    for (let pos = 0; pos < values.length; pos += w) this.hashes.push(xxhash64(values, pos, pos + w));
  }

  private closePage(): void {
    const p = this.page;
    if (p.count === 0) return;
    const values = this.valueBytes();
    if (this.bloom && !this.pageIsDict) {
      // Bloom filters hash plain values, whatever the page's encoding.
      this.hashPage(this.plainEncoding === Enc.DELTA_BINARY_PACKED ? new Uint8Array(p.i64.buffer, 0, p.fixed * 8) : values);
    }
    if (this.pageIsDict) this.usedDict = true;
    const levels = new ByteOutput(p.count / 4 + 16);
    const repeated = this.spec.kind === 'array-list';
    if (repeated) { rleLevels(levels, p.reps, p.count); }
    const repLen = levels.pos;
    if (this.maxDef > 0) rleLevels(levels, p.defs, p.count);
    const defLen = levels.pos - repLen;
    const levelBytes = levels.take();
    const encoding = this.pageIsDict ? (this.options.version === 1 ? Enc.PLAIN_DICTIONARY : Enc.RLE_DICTIONARY) : this.plainEncoding;
    if (encoding === Enc.DELTA_BINARY_PACKED) this.extraEncodings.add(encoding);
    this.numValues += p.count;
    const page = dataPage({
      levels: levelBytes, repLength: repLen, defLength: defLen, hasRep: repeated, hasDef: this.maxDef > 0,
      values, encoding, count: p.count, nulls: p.nulls, rows: p.rows,
    }, this.options, this.compress);
    page.catch(() => undefined);
    this.pending.push(page);
    p.reset();
  }

  /** Closes the row group's chunk; the writer is ready for the next row group. */
  /**
   * Closes the row group's chunk and detaches it: the writer is ready for the next row group at once,
   * while this chunk's pages may still be compressing (the returned promise settles when they are).
   */
  finish(): Promise<ChunkFacts> {
    this.closePage();
    const pending = this.pending;
    this.pending = [];
    const encodings: number[] = [Enc.PLAIN, Enc.RLE];
    let dictPage: Promise<Page> | undefined;
    if (this.usedDict) {
      const body = this.dict ? byteArrayDictionaryBytes(this.dict.entries, this.stats) : numericDictionaryBytes(this.spec.kind, this.numDict as NumberDictionary);
      dictPage = dictionaryPage(body, this.dictionarySize(), this.options, this.compress);
      encodings.push(this.options.version === 1 ? Enc.PLAIN_DICTIONARY : Enc.RLE_DICTIONARY);
    }
    for (const e of this.extraEncodings) encodings.push(e);
    const spec = this.spec, numValues = this.numValues, stats = this.stats;
    const bloom = this.bloom ? this.bloomFilter() : undefined;
    this.extraEncodings.clear();
    this.numValues = 0;
    this.hashes = [];
    this.stats = this.options.statistics ? new ColumnStats() : undefined;
    this.dict?.reset();
    this.numDict?.reset();
    this.fallback = false;
    this.usedDict = false;
    this.pageIsDict = this.dict !== undefined || this.numDict !== undefined;
    return assembleChunk(spec, numValues, stats, bloom, encodings, dictPage, pending);
  }

  private bloomFilter(): BloomFilter {
    if (this.dict) for (const e of this.dict.entries) this.hashes.push(xxhash64(e));
    if (this.numDict) {
      const plain = numericDictionaryBytes(this.spec.kind, this.numDict);
      const w = plain.length / Math.max(1, this.numDict.size);
      for (let pos = 0; pos < plain.length; pos += w) this.hashes.push(xxhash64(plain, pos, pos + w));
    }
    const distinct = new Set(this.hashes);
    const filter = new BloomFilter(bloomFilterBytes(distinct.size, this.options.bloomFilterFpp));
    for (const h of distinct) filter.insert(h);
    return filter;
  }
}

async function assembleChunk(spec: LeafSpec, numValues: number, stats: ColumnStats | undefined, bloom: BloomFilter | undefined,
  encodings: number[], dictPage: Promise<Page> | undefined, pending: Promise<Page>[]): Promise<ChunkFacts> {
  const parts: Uint8Array[] = [];
  let uncompressed = 0;
  let compressed = 0;
  const add = (pg: Page): void => {
    parts.push(pg.header, pg.body);
    uncompressed += pg.uncompressed;
    compressed += pg.header.length + pg.body.length;
  };
  if (dictPage) add(await dictPage);
  const dataOffset = compressed;
  for (const pg of await Promise.all(pending)) add(pg);
  return {
    spec, parts, numValues, uncompressed, compressed, dictionaryOffset: dictPage ? 0 : undefined, dataOffset, encodings, stats, bloom,
  };
}
