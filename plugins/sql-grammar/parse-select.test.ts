import assert from 'node:assert/strict';
import test from 'node:test';
import { parse, plain, select } from './test-helpers';

const id = (name: string, position: number): object => ({ kind: 'identifier', name, quoted: false, position });
const table = (name: string, position: number): object => ({ kind: 'tableSource', name: id(name, position), position });

test('a bare table name is SELECT * FROM it (optional SELECT)', () => {
  assert.deepEqual(plain(parse('trades;')), {
    kind: 'select', implicit: true, distinct: false, position: 0,
    projection: [{ kind: 'selectItem', expr: { kind: 'star', position: 0 }, position: 0 }],
    from: { kind: 'from', source: table('trades', 0), joins: [], position: 0 },
  });
});

test('clauses may follow a bare table name', () => {
  const s = select("trades WHERE symbol = 'BTC-USD' LIMIT -10");
  assert.ok(s.implicit && s.where?.kind === 'binary');
  assert.deepEqual(plain(s.limit), {
    kind: 'limit', position: 32, lo: { kind: 'literal', type: 'int', value: -10, raw: '-10', position: 38 },
  });
});

test('a parenthesised query followed by WHERE filters that query', () => {
  const s = select("(sensors WHERE ts IN '2025-03-01' LATEST ON ts PARTITION BY id) WHERE temp > 22");
  assert.ok(s.implicit);
  const source = s.from?.source;
  assert.ok(source?.kind === 'subquerySource' && source.position === 0);
  assert.ok(source.query.kind === 'select' && source.query.latestOn !== undefined && source.query.where !== undefined);
  assert.equal(s.where?.position, 70);
});

test('a bare parenthesised query is that query', () => {
  const s = select('(SELECT a FROM t)');
  assert.ok(!s.implicit && s.position === 1);
});

test('aliases with and without AS, on columns and tables', () => {
  const s = select('SELECT a AS x, b y FROM trades AS t, quotes q');
  assert.deepEqual(plain(s.projection.map(p => p.alias)), [id('x', 12), id('y', 17)]);
  assert.deepEqual(plain(s.from?.source), { ...table('trades', 24), alias: id('t', 34) });
  assert.deepEqual(plain(s.from?.joins[0]), {
    kind: 'join', joinType: 'comma', position: 35, source: { ...table('quotes', 37), alias: id('q', 44) },
  });
});

test('GROUP BY names and positions, ORDER BY alias, position and direction', () => {
  const s = select('SELECT a, count() c FROM t GROUP BY a, 2 ORDER BY c DESC, 1 ASC, a');
  assert.deepEqual(plain(s.groupBy), [
    { kind: 'column', name: 'a', quoted: false, position: 36 },
    { kind: 'literal', type: 'int', value: 2, raw: '2', position: 39 },
  ]);
  assert.deepEqual(s.orderBy?.map(o => [o.expr.position, o.descending]), [[50, true], [58, false], [65, false]]);
});

test('every LIMIT form', () => {
  const limit = (sql: string): unknown => {
    const l = select(`SELECT * FROM t LIMIT ${sql}`).limit;
    return [l?.lo, l?.hi, l?.offset].map(e => (e?.kind === 'literal' && e.type === 'int' ? e.value : e));
  };
  assert.deepEqual(limit('5'), [5, undefined, undefined]);
  assert.deepEqual(limit('-5'), [-5, undefined, undefined]);
  assert.deepEqual(limit('2, 5'), [2, 5, undefined]);
  assert.deepEqual(limit('-5, -3'), [-5, -3, undefined]);
  assert.deepEqual(limit('2, -1'), [2, -1, undefined]);
  assert.deepEqual(limit('5 OFFSET 2'), [5, undefined, 2]);
});

test('SELECT DISTINCT', () => {
  assert.equal(select('SELECT DISTINCT a, b FROM t').distinct, true);
});

test('WITH attaches its CTEs to the query', () => {
  const s = select('WITH a AS (SELECT 1), b AS (a) SELECT * FROM b');
  assert.deepEqual(s.with?.map(c => [c.name.name, c.position, c.query.kind]), [['a', 5], ['b', 22]].map(([n, p]) => [n, p, 'select']));
});

test('UNION ALL / EXCEPT / INTERSECT are left-associative with the trailing ORDER BY and LIMIT on the whole', () => {
  const s = parse('SELECT a FROM x UNION ALL SELECT a FROM y EXCEPT SELECT a FROM z ORDER BY a LIMIT 3');
  assert.ok(s.kind === 'setOperation' && s.op === 'except' && !s.all && s.position === 42);
  assert.ok(s.left.kind === 'setOperation' && s.left.op === 'union' && s.left.all);
  assert.ok(s.right.kind === 'select' && s.right.orderBy === undefined && s.right.limit === undefined);
  assert.equal(s.orderBy?.length, 1);
  assert.equal(s.limit?.position, 76);
});

test('ORDER BY and LIMIT inside parentheses stay with their query', () => {
  const s = parse('SELECT a FROM x INTERSECT (SELECT a FROM y LIMIT 1)');
  assert.ok(s.kind === 'setOperation' && s.op === 'intersect' && s.limit === undefined);
  assert.ok(s.right.kind === 'select' && s.right.limit !== undefined);
});

test('sub-queries in FROM with an alias and a timestamp(col) suffix', () => {
  const s = select('SELECT * FROM (SELECT * FROM t ORDER BY ts) timestamp(ts) x');
  assert.deepEqual(plain(s.from?.source.alias), id('x', 58));
  assert.deepEqual(plain(s.from?.source.timestamp), id('ts', 54));
  assert.equal(s.from?.source.kind, 'subquerySource');
});

test('table functions in FROM', () => {
  const s = select('SELECT x FROM long_sequence(10)');
  const source = s.from?.source;
  assert.ok(source?.kind === 'functionSource' && source.call.name === 'long_sequence' && source.position === 14);
});

test('quoted and single-quoted table names', () => {
  assert.deepEqual(plain(select('SELECT * FROM "my table.v2"').from?.source),
    { kind: 'tableSource', name: { kind: 'identifier', name: 'my table.v2', quoted: true, position: 14 }, position: 14 });
  assert.equal(select("SELECT * FROM 'trades'").from?.source.kind, 'tableSource');
});

test('INNER, LEFT OUTER, CROSS joins and ON expressions', () => {
  const s = select('SELECT * FROM a INNER JOIN b ON a.k = b.k LEFT OUTER JOIN c ON (k) CROSS JOIN d JOIN e ON (k, j)');
  assert.deepEqual(s.from?.joins.map(j => [j.joinType, j.position, j.on?.kind, j.using?.map(u => u.name)]), [
    ['inner', 16, 'binary', undefined], ['left', 42, undefined, ['k']], ['cross', 67, undefined, undefined],
    ['inner', 80, undefined, ['k', 'j']],
  ]);
});

test('a table alias without AS may precede a plain JOIN; join-type words are not aliases', () => {
  const s = select('SELECT * FROM a x JOIN b y ON x.k = y.k');
  assert.deepEqual([s.from?.source.alias?.name, s.from?.joins[0].joinType, s.from?.joins[0].source.alias?.name], ['x', 'inner', 'y']);
  const t = select('SELECT * FROM a left outer join b on (k) asof join c');
  assert.deepEqual([t.from?.source.alias, t.from?.joins.map(j => j.joinType)], [undefined, ['left', 'asof']]);
});

test('a parenthesised ON condition that is not a column list is an expression', () => {
  const s = select('SELECT * FROM a JOIN b ON (a.k = b.k)');
  assert.equal(s.from?.joins[0].on?.kind, 'binary');
});

test('HAVING and named windows are parsed', () => {
  const s = select('SELECT a, count() c FROM t GROUP BY a HAVING count() > 1 WINDOW w AS (ORDER BY ts)');
  assert.equal(s.having?.kind, 'binary');
  assert.equal(s.windows?.[0].name.name, 'w');
});

test('keywords such as timestamp, first and type stay usable as names', () => {
  const s = select('SELECT timestamp, first, type, count FROM t');
  assert.deepEqual(s.projection.map(p => p.expr.kind === 'column' && p.expr.name), ['timestamp', 'first', 'type', 'count']);
});

test('EXPLAIN wraps the statement', () => {
  const s = parse('EXPLAIN SELECT * FROM t');
  assert.ok(s.kind === 'explain' && s.position === 0 && s.statement.kind === 'select' && s.statement.position === 8);
});
