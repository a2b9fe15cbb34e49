/**
 * FileMetaData (parquet.thrift) for the footer: schema, row groups with their ColumnChunks,
 * key-value metadata and column orders. Only facts of written row groups are kept (a few hundred
 * bytes each), so the footer costs no memory proportional to the rows.
 */
import { ChunkFacts } from './column-writer';
import { CODEC_ID } from './page-compressor';
import { ParquetOptions } from './parquet-options';
import { LeafSpec, leafPath, schemaElementCount, writeSchemaElements } from './parquet-schema';
import { TType, ThriftWriter } from './thrift-compact';

export interface PlacedChunk {
  readonly facts: ChunkFacts;
  /** Absolute file offset of the chunk's first byte. */
  readonly offset: number;
  bloomOffset?: number;
  bloomLength?: number;
}

export interface RowGroupFacts {
  readonly rows: number;
  readonly offset: number;
  readonly chunks: readonly PlacedChunk[];
}

function writeChunk(t: ThriftWriter, c: PlacedChunk, options: ParquetOptions): void {
  const f = c.facts;
  const dataOffset = c.offset + f.dataOffset;
  t.element().i64(2, c.offset);
  t.struct(3).i32(1, f.spec.physical);
  t.list(2, TType.I32, f.encodings.length);
  for (const e of f.encodings) t.i32Element(e);
  const path = leafPath(f.spec);
  t.list(3, TType.BINARY, path.length);
  for (const p of path) t.stringElement(p);
  t.i32(4, CODEC_ID[options.codec]).i64(5, f.numValues).i64(6, f.uncompressed).i64(7, f.compressed).i64(9, dataOffset);
  if (f.dictionaryOffset !== undefined) t.i64(11, c.offset + f.dictionaryOffset);
  if (f.stats) f.stats.write(t, 12, f.spec.physical);
  if (c.bloomOffset !== undefined && c.bloomLength !== undefined) t.i64(14, c.bloomOffset).i32(15, c.bloomLength);
  t.end();
  t.end();
}

export function fileMetaData(specs: readonly LeafSpec[], groups: readonly RowGroupFacts[], options: ParquetOptions,
  keyValues: readonly (readonly [string, string])[]): Uint8Array {
  const t = new ThriftWriter();
  // FileMetaData.version follows an explicit `parquet_version=2`, else 1 (parquet-options.ts), as QuestDB writes it.
  t.i32(1, options.fileVersion);
  const elements = specs.reduce((n, s) => n + schemaElementCount(s), 1);
  t.list(2, TType.STRUCT, elements);
  // The root schema element's name is the empty string, as in QuestDB's files.
  t.element().string(4, '').i32(5, specs.length).end();
  for (const s of specs) writeSchemaElements(t, s);
  t.i64(3, groups.reduce((n, g) => n + g.rows, 0));
  t.list(4, TType.STRUCT, groups.length);
  groups.forEach((g, ordinal) => {
    t.element();
    t.list(1, TType.STRUCT, g.chunks.length);
    for (const c of g.chunks) writeChunk(t, c, options);
    const uncompressed = g.chunks.reduce((n, c) => n + c.facts.uncompressed, 0);
    const compressed = g.chunks.reduce((n, c) => n + c.facts.compressed, 0);
    t.i64(2, uncompressed).i64(3, g.rows).i64(5, g.offset).i64(6, compressed).i16(7, ordinal);
    t.end();
  });
  if (keyValues.length > 0) {
    t.list(5, TType.STRUCT, keyValues.length);
    for (const [k, v] of keyValues) t.element().string(1, k).string(2, v).end();
  }
  t.string(6, 'svc version 1.0');
  t.list(7, TType.STRUCT, specs.length);
  for (let i = 0; i < specs.length; i++) t.element().struct(1).end().end();
  return t.finish();
}
