/** The PostgreSQL spellings catalog queries use: SQL's substring/trim, (record).field, AS a(x, y), JOIN … USING, schema-qualified calls in FROM. */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { Expression } from '../../core/sql/ast';
import { expression, plain, select } from './test-helpers';

const call = (e: Expression): { name: string; args: unknown } => {
  assert.equal(e.kind, 'call');
  const c = e as Extract<Expression, { kind: 'call' }>;
  return { name: c.name, args: plain(c.args) };
};
const lit = (value: string | number, position: number): object => (typeof value === 'number'
  ? { kind: 'literal', type: 'int', value, raw: String(value), position }
  : { kind: 'literal', type: value.length === 1 ? 'char' : 'string', value, raw: `'${value}'`, position });
const col = (name: string, position: number): object => ({ kind: 'column', name, quoted: false, position });

test('substring(s FROM a FOR b), substring(s FROM a) and substring(s FOR b) are the positional calls', () => {
  assert.deepEqual(call(expression('substring(s FROM 2 FOR 3)')), { name: 'substring', args: [col('s', 17), lit(2, 24), lit(3, 30)] });
  assert.deepEqual(call(expression('substring(s FROM 2)')), { name: 'substring', args: [col('s', 17), lit(2, 24)] });
  assert.deepEqual(call(expression('substring(s FOR 3)')), { name: 'substring', args: [col('s', 17), lit(1, 23), lit(3, 23)] });
});

test('trim(BOTH | LEADING | TRAILING [chars] FROM s) is btrim / ltrim / rtrim(s[, chars])', () => {
  assert.deepEqual(call(expression(`trim(both '"' from x)`)), { name: 'btrim', args: [col('x', 26), lit('"', 17)] });
  assert.deepEqual(call(expression("trim(LEADING 'x' FROM s)")), { name: 'ltrim', args: [col('s', 29), lit('x', 20)] });
  assert.deepEqual(call(expression('trim(TRAILING FROM s)')), { name: 'rtrim', args: [col('s', 26)] });
  assert.deepEqual(call(expression('trim(BOTH FROM s)')), { name: 'trim', args: [col('s', 22)] });
  assert.deepEqual(call(expression("trim('ab' FROM s)")), { name: 'btrim', args: [col('s', 22), lit('ab', 12)] });
  // A column named like a side, and trim of one argument, stay what they were.
  assert.deepEqual(call(expression('trim(both)')), { name: 'trim', args: [col('both', 12)] });
  assert.deepEqual(call(expression('trim(s)')), { name: 'trim', args: [col('s', 12)] });
});

test('(expr).field selects a field, also twice and after a qualified column', () => {
  assert.deepEqual(plain(expression('(f(x)).n')), {
    kind: 'field', field: 'n', position: 7,
    expr: { kind: 'call', name: 'f', written: 'f', args: [col('x', 10)], distinct: false, star: false, position: 8 },
  });
  assert.deepEqual(plain(expression('(r.keys).x')), { kind: 'field', field: 'x', position: 7, expr: { kind: 'column', name: 'keys', qualifier: 'r', quoted: false, position: 8 } });
  const twice = expression('((a)).b.c') as { kind: string; field: string; expr: { kind: string; field: string } };
  assert.deepEqual([twice.kind, twice.field, twice.expr.kind, twice.expr.field], ['field', 'c', 'field', 'b']);
});

test('AS alias(a, b) names the columns of a source', () => {
  const source = select('SELECT n FROM pg_catalog.generate_series(1, 32) pos(n)').from?.source;
  assert.ok(source?.kind === 'functionSource');
  assert.deepEqual([source.call.name, source.call.args.length, source.alias?.name, source.columnAliases?.map((c) => c.name)], ['pg_catalog.generate_series', 2, 'pos', ['n']]);
  const sub = select('SELECT * FROM (SELECT 1, 2) AS s(a, b)').from?.source;
  assert.deepEqual(sub?.columnAliases?.map((c) => c.name), ['a', 'b']);
});

test('JOIN … USING (a, b) lists the join keys; `using` is not taken for an alias', () => {
  const from = select('SELECT * FROM a JOIN b USING (k, j) WHERE true').from;
  assert.deepEqual(from?.joins[0].using?.map((c) => c.name), ['k', 'j']);
  assert.equal(from?.joins[0].source.alias, undefined);
  const aliased = select('SELECT * FROM a JOIN (SELECT 1 k) AS r USING (k)').from;
  assert.deepEqual([aliased?.joins[0].source.alias?.name, aliased?.joins[0].using?.map((c) => c.name)], ['r', ['k']]);
});
