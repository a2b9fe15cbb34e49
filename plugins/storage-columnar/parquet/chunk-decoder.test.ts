import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arrayType, ColumnType, decimalType, geohashType, TypeTag, Types } from '../../../core/data/column-type';
import { decimalBytes } from '../../../core/data/decimal';
import { MemorySymbolTable } from '../../../core/data/symbol-table';
import { Vector } from '../../../core/data/vector';
import { VectorBuilder } from '../../../core/data/vector-builder';
import { ParquetFileWriter } from '../../export-parquet/parquet-file-writer';
import { Codec } from '../../export-parquet/parquet-options';
import { leafSpec } from '../../export-parquet/parquet-schema';
import { RawColumn } from '../raw-column';
import { appendVector, storedWidth } from '../vector-encoder';
import { MemoryByteSource } from './byte-sources';
import { ParquetPartitionFile } from './parquet-partition';
import { writerOptions } from './partition-encoding';

const ROWS = 1000;

/** A column of `type` with values from `f(i)` (undefined = null). */
function column(type: ColumnType, f: (i: number) => number | bigint | string | Uint8Array | number[] | undefined, symbols?: MemorySymbolTable): Vector {
  const b = new VectorBuilder(type, ROWS, symbols);
  for (let i = 0; i < ROWS; i++) {
    const v = f(i);
    if (v === undefined) b.appendNull();
    else if (typeof v === 'number') b.appendNumber(v);
    else if (typeof v === 'bigint') b.appendBigInt(v);
    else if (typeof v === 'string') b.appendString(v);
    else if (Array.isArray(v)) b.appendArray(Float64Array.from(v), [v.length]);
    else b.appendBytes(v);
  }
  return b.build();
}

const nth = (k: number) => (i: number): boolean => i % k === 3;

function columns(): { name: string; v: Vector }[] {
  const syms = new MemorySymbolTable();
  return [
    { name: 'ts', v: column(Types.TIMESTAMP, (i) => 1_700_000_000_000_000 + i * 1000) },
    { name: 'b', v: column(Types.BOOLEAN, (i) => i % 3 === 0 ? 1 : 0) },
    { name: 'by', v: column(Types.BYTE, (i) => (i % 256) - 128) },
    { name: 'sh', v: column(Types.SHORT, (i) => i * 7 - 3000) },
    { name: 'ch', v: column(Types.CHAR, (i) => nth(5)(i) ? undefined : 65 + (i % 50)) },
    { name: 'i', v: column(Types.INT, (i) => nth(7)(i) ? undefined : i * 1000 - 500_000) },
    { name: 'l', v: column(Types.LONG, (i) => nth(4)(i) ? undefined : i % 11 === 0 ? 2n ** 62n + BigInt(i) : i * 3) },
    { name: 'f', v: column(Types.FLOAT, (i) => nth(6)(i) ? undefined : i / 8) },
    { name: 'd', v: column(Types.DOUBLE, (i) => nth(9)(i) ? undefined : i % 13 === 0 ? -0 : Math.sin(i)) },
    { name: 'dt', v: column(Types.DATE, (i) => nth(8)(i) ? undefined : 1_600_000_000_000 + i) },
    { name: 's', v: column(Types.SYMBOL, (i) => nth(5)(i) ? undefined : `sym${i % 17}`, syms) },
    { name: 'str', v: column(Types.STRING, (i) => nth(3)(i) ? undefined : `héllo ${i}`) },
    { name: 'vc', v: column(Types.VARCHAR, (i) => nth(10)(i) ? undefined : i % 4 === 0 ? '' : 'x'.repeat(i % 40)) },
    { name: 'u', v: column(Types.UUID, (i) => nth(6)(i) ? undefined : Uint8Array.from({ length: 16 }, (_, k) => (i * 7 + k) & 255)) },
    { name: 'ip', v: column(Types.IPV4, (i) => nth(5)(i) ? undefined : 0x0a000000 + i) },
    { name: 'l256', v: column(Types.LONG256, (i) => nth(4)(i) ? undefined : Uint8Array.from({ length: 32 }, (_, k) => (i + k * 3) & 255)) },
    { name: 'bin', v: column(Types.BINARY, (i) => nth(7)(i) ? undefined : Uint8Array.from({ length: i % 9 }, (_, k) => (k * 31 + i) & 255)) },
    { name: 'g5', v: column(geohashType(5, false), (i) => nth(3)(i) ? undefined : i % 32) },
    { name: 'g30', v: column(geohashType(30, true), (i) => nth(3)(i) ? undefined : i * 1000) },
    { name: 'g60', v: column(geohashType(60, true), (i) => nth(3)(i) ? undefined : 2n ** 59n + BigInt(i)) },
    { name: 'dec', v: column(decimalType(20, 3), (i) => nth(4)(i) ? undefined : decimalBytes(BigInt(i * 1237 - 600_000) * (i % 5 === 0 ? 10n ** 15n : 1n))) },
    { name: 'arr', v: column(arrayType(TypeTag.DOUBLE, 1), (i) => nth(5)(i) ? undefined : i % 7 === 0 ? [] : [i, i / 2, NaN, -i].slice(0, 1 + (i % 4))) },
  ];
}

function stored(v: Vector): RawColumn {
  const out = new RawColumn(storedWidth(v.type), ROWS, ROWS * 64);
  appendVector(v.type, v, 0, ROWS, out);
  return out;
}

async function roundTrip(codec: Codec, version: 1 | 2, rowGroupSize: number, dataPageSize: number): Promise<void> {
  const cols = columns();
  const specs = cols.map((c, i) => ({ ...leafSpec(c.name, c.v.type, false), optional: i !== 0 }));
  const options = { ...writerOptions({ codec, compressionLevel: codec === 'ZSTD' ? 3 : 6, rowGroupSize, dataPageSize, version }) };
  const writer = new ParquetFileWriter(specs, options);
  const parts: Uint8Array[] = [];
  for (let lo = 0; lo < ROWS; lo += rowGroupSize) {
    writer.write(cols.map((c) => c.v), lo, Math.min(ROWS, lo + rowGroupSize));
    parts.push(...await writer.flush());
  }
  parts.push(...await writer.finish([]));
  const file = await ParquetPartitionFile.open(new MemoryByteSource(Buffer.concat(parts)));
  assert.equal(file.rowGroups, Math.ceil(ROWS / rowGroupSize));
  const counters = { bytes: 0, reads: 0, rowGroupsRead: 0, rowGroupsPruned: 0 };
  const symbols = cols[10].v.symbols as MemorySymbolTable;
  for (let k = 0; k < cols.length; k++) {
    const want = stored(cols[k].v);
    const got = new RawColumn(want.width, ROWS, ROWS * 64);
    for (let g = 0; g < file.rowGroups; g++) {
      const chunk = await file.readChunk(g, k, cols[k].v.type, (s) => symbols.keyOf(s), counters);
      got.appendRows(chunk, 0, chunk.rows);
    }
    const label = `${cols[k].name} ${codec} v${version} rg=${rowGroupSize} page=${dataPageSize}`;
    assert.equal(got.rows, ROWS, label);
    assert.deepEqual(Buffer.from(got.bytes.subarray(0, got.byteLength)), Buffer.from(want.bytes.subarray(0, want.byteLength)), label);
    if (want.ends) assert.deepEqual(Array.from((got.ends as Float64Array).subarray(0, ROWS)), Array.from(want.ends.subarray(0, ROWS)), label);
  }
  const ts = file.int64Bounds(0, 0);
  assert.deepEqual(ts, [1_700_000_000_000_000, 1_700_000_000_000_000 + (Math.min(rowGroupSize, ROWS) - 1) * 1000]);
}

test('every column type decodes back to its stored bytes (ZSTD, v2 pages, one row group)', () => roundTrip('ZSTD', 2, 100_000, 1_048_576));
test('every column type decodes back across row groups and small pages (v1, LZ4_RAW)', () => roundTrip('LZ4_RAW', 1, 300, 512));
test('every column type decodes back through SNAPPY, GZIP, BROTLI and no compression', async () => {
  for (const codec of ['SNAPPY', 'GZIP', 'BROTLI', 'UNCOMPRESSED'] as const) await roundTrip(codec, codec === 'GZIP' ? 1 : 2, 256, 2048);
});

test('a damaged chunk is an error naming the column, never wrong values', async () => {
  const cols = columns().slice(0, 6);
  const writer = new ParquetFileWriter(cols.map((c) => leafSpec(c.name, c.v.type, false)), writerOptions({ codec: 'UNCOMPRESSED', compressionLevel: 0, rowGroupSize: ROWS, dataPageSize: 1 << 20, version: 2 }));
  writer.write(cols.map((c) => c.v), 0, ROWS);
  const bytes = Buffer.concat([...await writer.flush(), ...await writer.finish([])]);
  const file = await ParquetPartitionFile.open(new MemoryByteSource(bytes));
  const chunk = file.footer.rowGroups[0].chunks[5];
  // Cut the INT column's page body short by corrupting its header's sizes.
  bytes.fill(0xff, chunk.offset, chunk.offset + 6);
  await assert.rejects(file.readChunk(0, 5, Types.INT, undefined, { bytes: 0, reads: 0, rowGroupsRead: 0, rowGroupsPruned: 0 }));
  await assert.rejects(ParquetPartitionFile.open(new MemoryByteSource(bytes.subarray(0, bytes.length - 3))), /not a Parquet file/);
});
