import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ColumnType, Types } from '../data/column-type';
import { BoundExpr } from './bound-expression';
import { SqlValue } from './vector/sql-value';
import { exprKey } from './aggregate-collector';

const constant = (value: SqlValue, type: ColumnType = Types.STRING): BoundExpr => ({ kind: 'constant', type, value, position: 0 });

test('exprKey keeps apart constants whose text forms are alike', () => {
  const pairs: [BoundExpr, BoundExpr][] = [
    [constant(null), constant('null')],
    [constant(null, Types.DOUBLE), constant(Number.NaN, Types.DOUBLE)],
    [constant(0, Types.DOUBLE), constant(-0, Types.DOUBLE)],
    [constant('1'), constant(' 1')],
    [constant('a,kSTRING:b'), constant('a')],
    [constant(new Uint8Array([1, 2]), Types.BINARY), constant(new Uint8Array([12]), Types.BINARY)],
    [constant(9007199254740993n, Types.LONG), constant(9007199254740992, Types.LONG)],
  ];
  for (const [a, b] of pairs) assert.notEqual(exprKey(a), exprKey(b), `${String(a.kind === 'constant' && a.value)} vs ${String(b.kind === 'constant' && b.value)}`);
});

test('exprKey gives equal constants equal keys', () => {
  assert.equal(exprKey(constant('null')), exprKey(constant('null')));
  assert.equal(exprKey(constant(null)), exprKey(constant(null)));
  assert.equal(exprKey(constant(-0, Types.DOUBLE)), exprKey(constant(-0, Types.DOUBLE)));
  assert.equal(exprKey(constant(new Uint8Array([1, 2]), Types.BINARY)), exprKey(constant(new Uint8Array([1, 2]), Types.BINARY)));
});
