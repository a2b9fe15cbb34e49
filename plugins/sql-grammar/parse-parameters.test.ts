import assert from 'node:assert/strict';
import test from 'node:test';
import { expression, plain } from './test-helpers';

test('$n and :name are bind parameters at their position', () => {
  assert.deepEqual(plain(expression('$12')), { kind: 'parameter', index: 12, position: 7 });
  assert.deepEqual(plain(expression(':from_ts')), { kind: 'parameter', name: 'from_ts', position: 7 });
});

test('a parameter is an operand like a literal', () => {
  const e = plain(expression('x + $1::int')) as { op: string; right: { kind: string; expr: { kind: string } } };
  assert.equal(e.op, '+');
  assert.equal(e.right.kind, 'cast');
  assert.equal(e.right.expr.kind, 'parameter');
});

test('`::` stays a cast and `a[1:n]` stays a slice ending at column n', () => {
  assert.deepEqual(plain(expression('x::int')), { kind: 'cast', expr: { kind: 'column', name: 'x', quoted: false, position: 7 }, type: { kind: 'type', name: 'int', written: 'int', position: 10 }, position: 7 });
  const access = plain(expression('a[1:n]')) as { subscripts: { kind: string; hi: { kind: string; name: string; position: number } }[] };
  assert.deepEqual(access.subscripts[0].hi, { kind: 'column', name: 'n', quoted: false, position: 11 });
});
