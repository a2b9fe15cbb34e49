/** Implicit column names (QuestDB 9.4.4): the canonical text of each unaliased expression, de-duplicated. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SvcError } from '../../core/errors';
import { SqlHarness } from './sql-harness';

let h: SqlHarness;

before(async () => {
  h = await SqlHarness.open();
  await h.script(`CREATE TABLE t (ts TIMESTAMP, x INT, s SYMBOL, price DOUBLE) TIMESTAMP(ts) PARTITION BY DAY;
INSERT INTO t VALUES ('2024-01-01T00:00:00.000000Z', 1, 'a', 1.5);
CREATE TABLE u (ts TIMESTAMP, x INT) TIMESTAMP(ts);
INSERT INTO u VALUES ('2024-01-01T00:00:00.000000Z', 2);
`);
});
after(async () => { await h.close(); });

async function names(sql: string): Promise<string[]> {
  return (await h.query(sql)).columns.map((c) => c.slice(0, c.lastIndexOf(':')));
}

const CASES: [string, string[]][] = [
  ['SELECT count(), count(*), COUNT(), Avg(X), sum(x + 1) FROM t', ['count()', 'count()_2', 'COUNT()_3', 'Avg(X)', 'sum(x + 1)']],
  ['SELECT count(distinct s) FROM t', ['count_distinct(s)']],
  ['SELECT (x+1)*2, (x*2)+1, x-(1-2), x-1-2, x*(2+3) FROM t', ['(x + 1) * 2', 'x * 2 + 1', 'x - (1 - 2)', 'x - 1 - 2', 'x * (2 + 3)']],
  ['SELECT -1, -x*2, -(x*2), NOT (x>1) FROM t', ['-(1)', '-(x) * 2', '-(x * 2)', 'not(x > 1)']],
  ['SELECT cast(x AS INT), x::long, cast(cast(x AS LONG) AS double), (x + 1)::SHORT FROM t', ['x::INT', 'x::long', 'x::LONG::double', '(x + 1)::SHORT']],
  ['SELECT cast(-x AS INT), cast(-1 AS LONG), NaN, nan FROM t', ['(-(x))::INT', '(-(1))::LONG', 'NaN', 'nan_2']],
  ["SELECT s || 'b', s IS NULL, s IS NOT NULL FROM t", ["concat(s, 'b')", 's = null', 's != null']],
  ["SELECT CASE x WHEN 1 THEN 'a' END, CASE x WHEN 1 THEN 'a' ELSE 'b' END FROM t", ["switch(x, 1, 'a')", "switch(x, 1, 'a', 'b')"]],
  ['SELECT CASE WHEN x > 1 THEN 1 ELSE 0 END FROM t', ['case when x > 1 then 1 else 0 end']],
  ["SELECT 1.50, 1e3, 'it''s', true, null, 42L FROM t", ['1.50', '1e3', "'it''s'", 'true', 'null', '42L']],
  ["SELECT x = 1 AND x < 2, 'a' LIKE 'b', s NOT LIKE 'b', x IN (1, 2), x BETWEEN 1 AND 2 FROM t",
    ['x = 1 and x < 2', "'a' like 'b'", "not(s like 'b')", 'x in (1, 2)', 'x between (1, 2)']],
  ['SELECT t.x, t.x + 1 FROM t', ['x', 't.x + 1']],
  ['SELECT x, x, 1 x_2, x FROM t', ['x', 'x_3', 'x_2', 'x_4']],
  ['SELECT x, X FROM t', ['x', 'X_2']],
  ['SELECT x, 1 x_2, x FROM t', ['x', 'x_2', 'x_3']],
  ['SELECT x, 5 x FROM t', ['x_2', 'x']],
  ['SELECT row_number() OVER (ORDER BY ts), first_value(x) IGNORE NULLS OVER () FROM t', ['row_number()', 'first_value(x)']],
  ['SELECT * FROM t JOIN u ON t.ts = u.ts', ['ts', 'x', 's', 'price', 'ts1', 'x1']],
];

for (const [sql, expected] of CASES) {
  test(`${sql} names its columns ${expected.join(', ')}`, async () => {
    assert.deepEqual(await names(sql), expected);
  });
}

test('a generated name is cut to 64 characters, and to 61 when the text has a dot', async () => {
  const long = `concat(s, '${'a'.repeat(70)}')`;
  const [name] = await names(`SELECT ${long} FROM t`);
  assert.equal(name, long.slice(0, 64));
  const dotted = `concat(s, '${'a'.repeat(10)}.${'b'.repeat(70)}')`;
  const [cut, second] = await names(`SELECT ${dotted}, ${dotted} FROM t`);
  assert.equal(cut, dotted.slice(0, 61));
  assert.equal(second, `${dotted.slice(0, 59)}_2`);
});

test('a cut name loses its trailing spaces', async () => {
  const text = `concat(s, '${'a'.repeat(52)}    x')`;
  assert.equal(text.slice(0, 64).endsWith(' '), true);
  assert.deepEqual(await names(`SELECT ${text} FROM t`), [text.slice(0, 64).trimEnd()]);
});

test('an explicit alias used twice is a duplicate column at the second alias', () => {
  assert.throws(() => h.compiler.compile('SELECT 1 a, 2 a'), (e: unknown) => e instanceof SvcError && e.message === 'Duplicate column [name=a]' && e.position === 14);
});
