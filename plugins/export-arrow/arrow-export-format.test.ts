import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Table, tableFromIPC } from 'apache-arrow';
import { Table as WasmTable } from 'parquet-wasm/node';
import { ColumnBatch } from '../../core/data/column-batch';
import { arrayType, ColumnType, decimalType, TypeTag, Types } from '../../core/data/column-type';
import { decimalBytes } from '../../core/data/decimal';
import { ResultColumn } from '../../core/data/result-set';
import { MemorySymbolTable } from '../../core/data/symbol-table';
import { VectorBuilder } from '../../core/data/vector-builder';
import { MemoryResultSet } from '../export-csv/memory-result-set';
import { arrowExportFormat } from './arrow-export-format';

function column(type: ColumnType, values: readonly (number | string | null)[], symbols?: MemorySymbolTable): VectorBuilder {
  const b = new VectorBuilder(type, 4, symbols);
  for (const v of values) {
    if (v === null) b.appendNull();
    else if (typeof v === 'string') b.appendString(v);
    else b.appendNumber(v);
  }
  return b;
}

async function exportBytes(columns: ResultColumn[], batches: ColumnBatch[], params = ''): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  const format = arrowExportFormat;
  for await (const c of format.serialize(new MemoryResultSet(columns, batches, 0), format.parseOptions(new URLSearchParams(params)), new AbortController().signal)) parts.push(c);
  return Buffer.concat(parts);
}

test('types map to Arrow with nulls as validity and symbols as a dictionary', async () => {
  const symbols = new MemorySymbolTable(['a', 'b', 'unused']);
  const cols: ResultColumn[] = [
    { name: 'ts', type: Types.TIMESTAMP }, { name: 's', type: Types.SYMBOL }, { name: 'i', type: Types.INT },
    { name: 'l', type: Types.LONG }, { name: 'd', type: Types.DOUBLE }, { name: 'v', type: Types.VARCHAR },
    { name: 'b', type: Types.BOOLEAN }, { name: 'c', type: Types.CHAR },
  ];
  const batch: ColumnBatch = {
    rowCount: 3, vectors: [
      column(Types.TIMESTAMP, [1704067200000000, null, 1704067200000001]).build(),
      column(Types.SYMBOL, ['b', null, 'b'], symbols).build(),
      column(Types.INT, [1, null, -5]).build(),
      column(Types.LONG, [2 ** 53, null, -1]).build(),
      column(Types.DOUBLE, [1.5, NaN, -0.25]).build(),
      column(Types.VARCHAR, ['x', null, 'ünï']).build(),
      column(Types.BOOLEAN, [1, 0, 1]).build(),
      column(Types.CHAR, [65, 0, 0x263a]).build(),
    ],
  };
  const table = tableFromIPC(await exportBytes(cols, [batch, batch]));
  assert.equal(table.numRows, 6);
  assert.equal(String(table.schema.fields[0].type), 'Timestamp<MICROSECOND, UTC>');
  assert.equal(String(table.schema.fields[1].type), 'Dictionary<Int32, Utf8>');
  assert.equal(table.schema.fields[1].metadata.get('svc.type'), 'SYMBOL');
  const row = (i: number): unknown[] => cols.map((c) => {
    const x: unknown = table.getChild(c.name)?.get(i);
    return typeof x === 'bigint' ? x.toString() : x;
  });
  assert.deepEqual(row(0), [1704067200000, 'b', 1, '9007199254740992', 1.5, 'x', true, 'A']);
  assert.deepEqual(row(1), [null, null, null, null, null, null, false, null]);
  assert.deepEqual(row(5), [1704067200000.001, 'b', -5, '-1', -0.25, 'ünï', true, '☺']);
  // Only the symbols the result uses travel.
  assert.deepEqual([...(table.getChild('s')?.data[0].dictionary?.toArray() ?? [])], ['b']);
});

test('an independent reader (arrow-rs inside parquet-wasm) reads the stream', async () => {
  const cols: ResultColumn[] = [{ name: 'x', type: Types.DOUBLE }, { name: 'a', type: arrayType(TypeTag.DOUBLE, 1) }];
  const arrays = { type: arrayType(TypeTag.DOUBLE, 1), data: new Float64Array([1, 2]), offsets: new Int32Array([0, 2, 2]), nulls: new Uint8Array([0, 1]) };
  const bytes = await exportBytes(cols, [{ rowCount: 2, vectors: [column(Types.DOUBLE, [1, 2]).build(), arrays] }]);
  const wasm = WasmTable.fromIPCStream(bytes);
  assert.equal(wasm.numBatches, 1);
  const back = tableFromIPC(wasm.intoIPCStream());
  assert.deepEqual([...(back.getChild('x')?.toArray() ?? [])], [1, 2]);
  assert.deepEqual([...(back.getChild('a')?.get(0)?.toArray() ?? [])], [1, 2]);
  assert.equal(back.getChild('a')?.get(1), null);
});

test('large batches are cut at arrow_batch_rows and an empty result still carries the schema', async () => {
  const cols: ResultColumn[] = [{ name: 'i', type: Types.INT }];
  const many = tableFromIPC(await exportBytes(cols, [{ rowCount: 5, vectors: [column(Types.INT, [1, 2, 3, 4, 5]).build()] }], 'arrow_batch_rows=2'));
  assert.equal(many.batches.length, 3);
  assert.deepEqual([...many.getChild('i')!.toArray()], [1, 2, 3, 4, 5]);
  const empty = tableFromIPC(await exportBytes([{ name: 's', type: Types.SYMBOL }, ...cols], []));
  assert.equal(empty.numRows, 0);
  assert.equal(empty.schema.fields.length, 2);
  assert.throws(() => arrowExportFormat.parseOptions(new URLSearchParams('arrow_batch_rows=0')), /invalid arrow_batch_rows:0/);
});

/** The unscaled value of an Arrow decimal row, from its little-endian 32-bit words. */
function unscaled(table: Table, name: string, row: number): string | null {
  const data = table.getChild(name)!.data[0];
  if (!data.getValid(row)) return null;
  const stride = data.stride;
  let x = 0n;
  for (let k = stride - 1; k >= 0; k--) x = (x << 32n) | BigInt(data.values[row * stride + k]);
  return BigInt.asIntN(stride * 32, x).toString();
}

test('DECIMAL travels exactly as decimal128 up to 38 digits and decimal256 above; TIMESTAMP_NS as timestamp[ns]', async () => {
  const small = decimalType(10, 2);
  const wide = decimalType(60, 5);
  const cols: ResultColumn[] = [{ name: 'm', type: small }, { name: 'w', type: wide }, { name: 'n', type: Types.TIMESTAMP_NS }];
  const decimals = (t: ColumnType, values: (bigint | null)[]): VectorBuilder => {
    const b = new VectorBuilder(t, 4);
    for (const v of values) b.appendBytes(decimalBytes(v));
    return b;
  };
  const big = -(10n ** 55n) - 12345n;
  const batch: ColumnBatch = {
    rowCount: 3, vectors: [
      decimals(small, [1234n, null, -5n]).build(), decimals(wide, [big, null, 1n]).build(),
      column(Types.TIMESTAMP_NS, [1704067200123456800, null, 0]).build(),
    ],
  };
  const table = tableFromIPC(await exportBytes(cols, [batch]));
  assert.deepEqual(table.schema.fields.map((f) => String(f.type)), ['Decimal[10e+2]', 'Decimal[60e+5]', 'Timestamp<NANOSECOND, UTC>']);
  assert.deepEqual([0, 1, 2].map((i) => unscaled(table, 'm', i)), ['1234', null, '-5']);
  assert.deepEqual([0, 1, 2].map((i) => unscaled(table, 'w', i)), [big.toString(), null, '1']);
  const ns = table.getChild('n')!.data[0].values as BigInt64Array;
  assert.equal(ns[0], 1704067200123456768n); // the double the builder was given, exactly
  assert.equal(table.getChild('n')!.get(1), null);
  // arrow-rs reads both decimal widths.
  assert.equal(WasmTable.fromIPCStream(await exportBytes(cols, [batch])).numBatches, 1);
});

test('a DOUBLE[][] column exports as a list of lists of Float64, empty arrays included', async () => {
  const type = arrayType(TypeTag.DOUBLE, 2);
  const b = new VectorBuilder(type, 4);
  b.appendArray([1, 2, 3, 4], [2, 2]);
  b.appendArray([], [0, 0]);
  b.appendNull();
  const table: Table = tableFromIPC(await exportBytes([{ name: 'a', type }], [{ rowCount: 3, vectors: [b.build()] }]));
  const cells = table.getChild('a')?.toArray().map((row: { toArray(): { toArray(): Float64Array }[] } | null) =>
    row === null ? null : Array.from(row.toArray(), (inner) => Array.from(inner.toArray())));
  assert.deepEqual(cells, [[[1, 2], [3, 4]], [], null]);
});
