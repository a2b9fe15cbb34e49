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
import { PageCompressor } from './page-compressor';
import { PageValues } from './page-values';
import { ParquetOptions } from './parquet-options';
import { LeafSpec, Physical } from './parquet-schema';
import { appendDictionaryValues, NumberDictionary } from './number-dictionary';
import { SymbolDictionary } from './symbol-dictionary';
import { ThriftWriter } from './thrift-compact';
import { xxhash64 } from './xxhash64';

const enum Enc { PLAIN = 0, PLAIN_DICTIONARY = 2, RLE = 3, DELTA_BINARY_PACKED = 5, RLE_DICTIONARY = 8 }

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

interface Page { readonly header: Uint8Array; readonly body: Uint8Array; readonly uncompressed: number }

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
    this.maxDef = spec.kind === 'array-list' ? 3 : spec.optional ? 1 : 0;
  }

  /** Rows `[from, to)` of `v`; closes pages as they reach `data_page_size`. */
  write(v: Vector, from: number, to: number): void {
    for (let s = from; s < to;) {
      // Rows that should still fit the page, from the bytes per row seen so far in it.
      const bytes = this.pageBytes();
      const perRow = this.page.rows > 0 ? Math.max(bytes / this.page.rows, 0.125) : this.width;
      const step = Math.max(1, Math.min(16384, Math.floor((this.options.dataPageSize - bytes) / perRow)));
      const e = Math.min(to, s + step);
      if (this.spec.kind === 'array-list') appendListValues(this.page, v, s, e, this.stats);
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
    const count = p.count, nulls = p.nulls, rows = p.rows;
    this.numValues += count;
    const v1 = this.options.version === 1;
    let body: Uint8Array;
    if (v1) {
      // v1: each level run is prefixed with its 4-byte length, and the whole page is compressed.
      body = new Uint8Array((repeated ? 4 : 0) + (this.maxDef > 0 ? 4 : 0) + levelBytes.length + values.length);
      const dv = new DataView(body.buffer);
      let o = 0;
      if (repeated) { dv.setUint32(o, repLen, true); o += 4; body.set(levelBytes.subarray(0, repLen), o); o += repLen; }
      if (this.maxDef > 0) { dv.setUint32(o, defLen, true); o += 4; body.set(levelBytes.subarray(repLen), o); o += defLen; }
      body.set(values, o);
    } else {
      body = values;
    }
    const uncompressed = (v1 ? 0 : levelBytes.length) + body.length;
    const compressed = Promise.resolve(this.compress(body));
    this.pending.push(compressed.then((c) => {
      const t = new ThriftWriter();
      const size = (v1 ? 0 : levelBytes.length) + c.length;
      t.i32(1, v1 ? 0 : 3).i32(2, uncompressed).i32(3, size);
      if (v1) t.struct(5).i32(1, count).i32(2, encoding).i32(3, Enc.RLE).i32(4, Enc.RLE).end();
      else {
        t.struct(8).i32(1, count).i32(2, nulls).i32(3, rows).i32(4, encoding).i32(5, defLen).i32(6, repLen);
        if (this.options.codec === 'UNCOMPRESSED') t.bool(7, false);
        t.end();
      }
      const header = t.finish();
      const full = v1 ? c : concat(levelBytes, c);
      return { header, body: full, uncompressed: uncompressed + header.length };
    }));
    p.reset();
  }

  /** Closes the row group's chunk; the writer is ready for the next row group. */
  async finish(): Promise<ChunkFacts> {
    this.closePage();
    const pages = await Promise.all(this.pending);
    this.pending = [];
    const parts: Uint8Array[] = [];
    let uncompressed = 0;
    let compressed = 0;
    let dictionaryOffset: number | undefined;
    const encodings: number[] = [Enc.PLAIN, Enc.RLE];
    if (this.usedDict) {
      const dictPage = await this.dictionaryPage();
      dictionaryOffset = 0;
      parts.push(dictPage.header, dictPage.body);
      uncompressed += dictPage.uncompressed;
      compressed += dictPage.header.length + dictPage.body.length;
      encodings.push(this.options.version === 1 ? Enc.PLAIN_DICTIONARY : Enc.RLE_DICTIONARY);
    }
    for (const e of this.extraEncodings) encodings.push(e);
    this.extraEncodings.clear();
    const dataOffset = compressed;
    for (const pg of pages) {
      parts.push(pg.header, pg.body);
      uncompressed += pg.uncompressed;
      compressed += pg.header.length + pg.body.length;
    }
    const facts: ChunkFacts = {
      spec: this.spec, parts, numValues: this.numValues, uncompressed, compressed, dictionaryOffset, dataOffset,
      encodings, stats: this.stats, bloom: this.bloom ? this.bloomFilter() : undefined,
    };
    this.numValues = 0;
    this.hashes = [];
    this.stats = this.options.statistics ? new ColumnStats() : undefined;
    this.dict?.reset();
    this.numDict?.reset();
    this.fallback = false;
    this.usedDict = false;
    this.pageIsDict = this.dict !== undefined || this.numDict !== undefined;
    return facts;
  }

  private bloomFilter(): BloomFilter {
    if (this.dict) for (const e of this.dict.entries) this.hashes.push(xxhash64(e));
    if (this.numDict) {
      const plain = this.numericDictionaryBytes();
      const w = plain.length / Math.max(1, this.numDict.size);
      for (let pos = 0; pos < plain.length; pos += w) this.hashes.push(xxhash64(plain, pos, pos + w));
    }
    const distinct = new Set(this.hashes);
    const filter = new BloomFilter(bloomFilterBytes(distinct.size, this.options.bloomFilterFpp));
    for (const h of distinct) filter.insert(h);
    return filter;
  }

  /** The numeric dictionary's entries in the column's plain encoding. */
  private numericDictionaryBytes(): Uint8Array {
    const d = this.numDict as NumberDictionary;
    const n = d.size;
    switch (this.spec.kind) {
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

  private async dictionaryPage(): Promise<Page> {
    let body: Uint8Array;
    if (this.dict) {
      const o = new ByteOutput(1024);
      for (const e of this.dict.entries) {
        o.ensure(4 + e.length);
        new DataView(o.buf.buffer).setUint32(o.pos, e.length, true);
        o.pos += 4;
        o.bytes(e);
        this.stats?.bytes(e, 0, e.length);
      }
      body = o.take();
    } else {
      body = this.numericDictionaryBytes();
    }
    const size = this.dictionarySize();
    const c = await this.compress(body);
    const t = new ThriftWriter();
    t.i32(1, 2).i32(2, body.length).i32(3, c.length);
    t.struct(7).i32(1, size).i32(2, this.options.version === 1 ? Enc.PLAIN_DICTIONARY : Enc.PLAIN).end();
    const header = t.finish();
    return { header, body: c, uncompressed: body.length + header.length };
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

