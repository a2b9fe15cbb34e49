import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../data/column-type';
import { MemorySymbolTable } from '../data/symbol-table';
import { ScalarFunction } from '../extension/sql-function';
import { BoundExpr } from './bound-expression';
import { CompiledFilter } from './compiled-filter';

const fn = (name: string): ScalarFunction => ({ kind: 'scalar', name, args: [], returns: Types.BOOLEAN, kernel: () => { throw new Error('not used'); } });
const col = (index: number, type = Types.DOUBLE): BoundExpr => ({ kind: 'column', index, type, name: `c${index}`, position: 0 });
const num = (value: number, type = Types.DOUBLE): BoundExpr => ({ kind: 'constant', type, value, position: 0 });
const call = (name: string, ...args: BoundExpr[]): BoundExpr => ({ kind: 'call', fn: fn(name), args, type: Types.BOOLEAN, position: 0 });

test('a double range predicate compiles and selects matching rows', () => {
  const f = CompiledFilter.compile(call('and', call('>', col(0), num(90)), call('<', col(1), num(10))));
  assert.ok(f);
  const sel = new Int32Array(4);
  const k = f.prepare()({ rowCount: 4, vectors: [
    { type: Types.DOUBLE, data: Float64Array.of(95, 91, NaN, 99) }, { type: Types.DOUBLE, data: Float64Array.of(5, 20, 1, 9) }] }, sel);
  assert.deepEqual([...sel.subarray(0, k)], [0, 3]);
});

test('INT nulls never satisfy an ordering comparison', () => {
  const f = CompiledFilter.compile(call('<', col(0, Types.INT), num(5, Types.INT)));
  const sel = new Int32Array(3);
  const k = f?.prepare()({ rowCount: 3, vectors: [{ type: Types.INT, data: Int32Array.of(-2147483648, 4, 6) }] }, sel);
  assert.equal(k, 1);
  assert.equal(sel[0], 1);
});

test('symbol equality looks the constant up in the batch dictionary', () => {
  const symbols = new MemorySymbolTable(['a', 'b']);
  const f = CompiledFilter.compile(call('=', col(0, Types.SYMBOL), { kind: 'constant', type: Types.SYMBOL, value: 'b', position: 0 }));
  const sel = new Int32Array(3);
  const k = f?.prepare()({ rowCount: 3, vectors: [{ type: Types.SYMBOL, data: Int32Array.of(0, 1, 1), symbols }] }, sel);
  assert.equal(k, 2);
});

test('a predicate over a string function is not compiled', () => {
  assert.equal(CompiledFilter.compile(call('like', col(0, Types.STRING), num(1))), undefined);
});
