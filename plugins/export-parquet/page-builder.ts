/**
 * Page bytes as parquet.thrift lays them out: PageHeader (thrift compact) + body. Data pages are v1
 * (`parquet_version=1`: level runs prefixed with their length, the whole body compressed) or v2
 * (levels uncompressed ahead of the compressed values, their lengths in DataPageHeaderV2).
 */
import { PageCompressor } from './page-compressor';
import { ParquetOptions } from './parquet-options';
import { ThriftWriter } from './thrift-compact';

export const enum Enc { PLAIN = 0, PLAIN_DICTIONARY = 2, RLE = 3, DELTA_BINARY_PACKED = 5, RLE_DICTIONARY = 8 }

export interface Page { readonly header: Uint8Array; readonly body: Uint8Array; readonly uncompressed: number }

export interface DataPageParts {
  /** Repetition level runs then definition level runs (RLE hybrid, no length prefixes). */
  readonly levels: Uint8Array;
  readonly repLength: number;
  readonly defLength: number;
  readonly hasRep: boolean;
  readonly hasDef: boolean;
  readonly values: Uint8Array;
  readonly encoding: number;
  readonly count: number;
  readonly nulls: number;
  readonly rows: number;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

export async function dataPage(p: DataPageParts, options: ParquetOptions, compress: PageCompressor): Promise<Page> {
  const v1 = options.version === 1;
  let body: Uint8Array;
  if (v1) {
    body = new Uint8Array((p.hasRep ? 4 : 0) + (p.hasDef ? 4 : 0) + p.levels.length + p.values.length);
    const dv = new DataView(body.buffer);
    let o = 0;
    if (p.hasRep) { dv.setUint32(o, p.repLength, true); o += 4; body.set(p.levels.subarray(0, p.repLength), o); o += p.repLength; }
    if (p.hasDef) { dv.setUint32(o, p.defLength, true); o += 4; body.set(p.levels.subarray(p.repLength), o); o += p.defLength; }
    body.set(p.values, o);
  } else {
    body = p.values;
  }
  const uncompressed = (v1 ? 0 : p.levels.length) + body.length;
  const c = await compress(body);
  const t = new ThriftWriter();
  t.i32(1, v1 ? 0 : 3).i32(2, uncompressed).i32(3, (v1 ? 0 : p.levels.length) + c.length);
  if (v1) t.struct(5).i32(1, p.count).i32(2, p.encoding).i32(3, Enc.RLE).i32(4, Enc.RLE).end();
  else {
    t.struct(8).i32(1, p.count).i32(2, p.nulls).i32(3, p.rows).i32(4, p.encoding).i32(5, p.defLength).i32(6, p.repLength);
    if (options.codec === 'UNCOMPRESSED') t.bool(7, false);
    t.end();
  }
  const header = t.finish();
  return { header, body: v1 ? c : concat(p.levels, c), uncompressed: uncompressed + header.length };
}

/** DICTIONARY_PAGE of `size` entries already in plain encoding. */
export async function dictionaryPage(body: Uint8Array, size: number, options: ParquetOptions, compress: PageCompressor): Promise<Page> {
  const c = await compress(body);
  const t = new ThriftWriter();
  t.i32(1, 2).i32(2, body.length).i32(3, c.length);
  t.struct(7).i32(1, size).i32(2, options.version === 1 ? Enc.PLAIN_DICTIONARY : Enc.PLAIN).end();
  const header = t.finish();
  return { header, body: c, uncompressed: body.length + header.length };
}
