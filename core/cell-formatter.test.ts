/**
 * PluginApi.formatCell over every column type, through the printers /exec and /exp register (the test
 * registers them as their plugins do), including what SQL cannot yet insert: arrays and intervals.
 */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { container } from 'tsyringe';
import { csvCellPrinter, textCellPrinter } from '../plugins/export-csv/csv-cell-printer';
import { jsonCellPrinter } from '../plugins/http-exec/json-cell-printer';
import { arrayType, ColumnType, geohashType, Types, TypeTag } from './data/column-type';
import { Vector } from './data/vector';
import { VectorBuilder } from './data/vector-builder';
import { CellPrinter } from './extension/cell-printer';
import { createPluginApi } from './plugin-api';

function api(): ReturnType<typeof createPluginApi> {
  const c = container.createChildContainer();
  for (const p of [jsonCellPrinter, csvCellPrinter, textCellPrinter]) c.register(CellPrinter, { useValue: p });
  return createPluginApi(c);
}

/** A vector of one value and one null. */
function pair(type: ColumnType, fill: (b: VectorBuilder) => void): Vector {
  const b = new VectorBuilder(type);
  fill(b);
  b.appendNull();
  return b.build();
}

const uuid = new Uint8Array(16);
new DataView(uuid.buffer).setBigUint64(0, 0x4444555555555555n, true);
new DataView(uuid.buffer).setBigUint64(8, 0x1111111122223333n, true);
const long256 = new Uint8Array(32);
long256[0] = 0xfe; long256[1] = 0x01;

const CASES: readonly (readonly [string, Vector, readonly [string, string, string], readonly [string, string, string]])[] = [
  ['BOOLEAN', pair(Types.BOOLEAN, (b) => b.appendNumber(1)), ['true', 'true', 'true'], ['false', 'false', 'false']],
  ['BYTE', pair(Types.BYTE, (b) => b.appendNumber(-7)), ['-7', '-7', '-7'], ['0', '0', '0']],
  ['CHAR', pair(Types.CHAR, (b) => b.appendString('"')), ['"\\""', '""""', '"'], ['""', '', '']],
  ['INT', pair(Types.INT, (b) => b.appendNumber(42)), ['42', '42', '42'], ['null', '', '']],
  ['LONG exact', pair(Types.LONG, (b) => b.appendBigInt(9007199254740993n)), ['9007199254740993', '9007199254740993', '9007199254740993'], ['null', '', '']],
  ['FLOAT', pair(Types.FLOAT, (b) => b.appendNumber(1.5)), ['1.5', '1.5', '1.5'], ['null', '', '']],
  ['DOUBLE', pair(Types.DOUBLE, (b) => b.appendNumber(100)), ['100.0', '100.0', '100.0'], ['null', '', '']],
  ['DATE', pair(Types.DATE, (b) => b.appendNumber(0)), ['"1970-01-01T00:00:00.000Z"', '"1970-01-01T00:00:00.000Z"', '1970-01-01T00:00:00.000Z'], ['null', '', '']],
  ['TIMESTAMP', pair(Types.TIMESTAMP, (b) => b.appendNumber(1)), ['"1970-01-01T00:00:00.000001Z"', '"1970-01-01T00:00:00.000001Z"', '1970-01-01T00:00:00.000001Z'], ['null', '', '']],
  ['SYMBOL', pair(Types.SYMBOL, (b) => b.appendString('a"b')), ['"a\\"b"', '"a""b"', 'a"b'], ['null', '', '']],
  ['VARCHAR', pair(Types.VARCHAR, (b) => b.appendString('é\tx\\')), ['"é\\tx\\\\"', '"é\\tx\\\\"', 'é\\tx\\\\'], ['null', '', '']],
  ['UUID', pair(Types.UUID, (b) => b.appendBytes(uuid)), ['"11111111-2222-3333-4444-555555555555"', '11111111-2222-3333-4444-555555555555', '11111111-2222-3333-4444-555555555555'], ['null', '', '']],
  ['IPV4', pair(Types.IPV4, (b) => b.appendNumber(0x0a010203)), ['"10.1.2.3"', '10.1.2.3', '10.1.2.3'], ['null', '', '']],
  ['LONG256', pair(Types.LONG256, (b) => b.appendBytes(long256)), ['"0x01fe"', '0x01fe', '0x01fe'], ['""', '', '']],
  ['GEOHASH(4c)', pair(geohashType(20, true), (b) => b.appendNumber(0b11010000110001101100)), ['"u33d"', '"u33d"', 'u33d'], ['null', 'null', 'null']],
  ['BINARY', pair(Types.BINARY, (b) => b.appendBytes(new Uint8Array([1, 2]))), ['[]', '', ''], ['[]', '', '']],
];

test('formatCell prints every scalar type in the json, csv and text forms, value and null', () => {
  const a = api();
  for (const [name, v, value, nullCells] of CASES) {
    assert.deepEqual(['json', 'csv', 'text'].map((f) => a.formatCell(v, 0, f as 'json')), value, `${name} value`);
    assert.deepEqual(['json', 'csv', 'text'].map((f) => a.formatCell(v, 1, f as 'json')), nullCells, `${name} null`);
  }
});

test('formatCell prints arrays nested by dimension and null arrays', () => {
  const a = api();
  const flat: Vector = { type: arrayType(TypeTag.DOUBLE, 1), data: new Float64Array([1, 2.5, NaN]), offsets: new Int32Array([0, 3, 3]), nulls: new Uint8Array([0, 1]) };
  assert.deepEqual([a.formatCell(flat, 0), a.formatCell(flat, 0, 'csv'), a.formatCell(flat, 0, 'text')], ['[1.0,2.5,null]', '"[1.0,2.5,null]"', '[1.0,2.5,null]']);
  assert.deepEqual([a.formatCell(flat, 1), a.formatCell(flat, 1, 'csv')], ['null', '']);
  const grid: Vector = { type: arrayType(TypeTag.DOUBLE, 2), data: new Float64Array([1, 2, 3, 4]), offsets: new Int32Array([0, 4]), shapes: new Int32Array([2, 2]) };
  assert.equal(a.formatCell(grid, 0), '[[1.0,2.0],[3.0,4.0]]');
});

test('formatCell prints intervals and the NULL type', () => {
  const a = api();
  const iv: Vector = { type: Types.INTERVAL, data: new Float64Array([0, 1_000_000]) };
  assert.equal(a.formatCell(iv, 0), '"(\'1970-01-01T00:00:00.000Z\', \'1970-01-01T00:00:01.000Z\')"');
  assert.equal(a.formatCell(iv, 0, 'text'), "('1970-01-01T00:00:00.000Z', '1970-01-01T00:00:01.000Z')");
  const none: Vector = { type: Types.NULL, data: new Uint8Array(1) };
  assert.deepEqual([a.formatCell(none, 0), a.formatCell(none, 0, 'csv')], ['null', '']);
});

test('formatCell without the printer of a form names the forms it knows', () => {
  const c = container.createChildContainer();
  c.register(CellPrinter, { useValue: jsonCellPrinter });
  const v = pair(Types.INT, (b) => b.appendNumber(1));
  assert.throws(() => createPluginApi(c).formatCell(v, 0, 'csv'), /no cell printer for form csv \[known=json\]/);
});
