/** Where each parameter is in the query text, for errors that name it (/exec's bind values). */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SqlHarness } from '../../../plugins/sql-engine/sql-harness';

let h: SqlHarness;

before(async () => {
  h = await SqlHarness.open();
  await h.script('CREATE TABLE t (ts TIMESTAMP, n INT) TIMESTAMP(ts) PARTITION BY DAY');
});
after(async () => { await h.close(); });

const positions = (sql: string): [string, number | undefined][] => (h.compiler.compile(sql).parameters ?? []).map((p) => [p.name, p.position]);

test('a parameter is at its first place in the text, whatever order the clauses are bound in', () => {
  assert.deepEqual(positions('SELECT $2::int, n FROM t WHERE n = $1 AND ts > $2'), [['$1', 35], ['$2', 7]]);
});

test('a named parameter used twice, in any case, is one slot at its first place', () => {
  assert.deepEqual(positions('SELECT n FROM t WHERE n > :Lo AND n < :lo + 10'), [[':Lo', 26]]);
});

test('a gap in $n numbering has no position', () => {
  assert.deepEqual(positions('SELECT $2::int'), [['$1', undefined], ['$2', 7]]);
});
