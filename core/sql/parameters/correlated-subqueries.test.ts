/** Correlated scalar sub-queries run once per outer row with the outer values as their parameters. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SqlHarness } from '../../../plugins/sql-engine/sql-harness';

let h: SqlHarness;

before(async () => {
  h = await SqlHarness.open();
  await h.script(`CREATE TABLE orders (id INT, customer INT);
INSERT INTO orders VALUES (1, 10), (2, 10), (3, 20);
CREATE TABLE customers (id INT, name STRING);
INSERT INTO customers VALUES (10, 'ann'), (20, 'bob'), (30, 'cy')`);
});
after(async () => { await h.close(); });

test('a sub-query in the SELECT list may name the outer row\'s columns', async () => {
  const r = await h.query('SELECT c.name, (SELECT count() FROM orders o WHERE o.customer = c.id) n FROM customers c');
  assert.deepEqual(r.rows, [['ann', 2], ['bob', 1], ['cy', 0]]);
});

test('an uncorrelated sub-query still runs once', async () => {
  assert.deepEqual((await h.query('SELECT id, (SELECT max(id) FROM orders) m FROM customers WHERE id = 10')).rows, [[10, 3]]);
});

test('x = ANY(SELECT …) is x IN (SELECT …)', async () => {
  assert.deepEqual((await h.query('SELECT name FROM customers WHERE id = any(SELECT customer FROM orders) ORDER BY name')).rows, [['ann'], ['bob']]);
});

test('a text constant that spells a number compares with a number', async () => {
  assert.deepEqual((await h.query("SELECT name FROM customers WHERE id = '20'")).rows, [['bob']]);
});

test('PostgreSQL type names work in casts', async () => {
  assert.deepEqual((await h.query("SELECT '7'::int4 + 1, 2::float8, 'x'::text, 1::pg_catalog.int8")).rows, [[8, 2, 'x', 1]]);
});
