/**
 * SQL that PostgreSQL tools send (psql's and pgjdbc's catalog queries), as general features over
 * ordinary tables: correlated sub-queries in WHERE, SQL's substring/trim forms, unnest() in FROM and in
 * the SELECT list, column alias lists, JOIN … USING, array text operators and DOUBLE arrays from text.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SvcError } from '../../core/errors';
import { SqlCompiler } from '../../core/sql/sql-compiler';
import { readValue, SqlValue } from '../../core/sql/vector/sql-value';
import { catalogCompiler } from '../sql-catalog/test-support';
import { SqlHarness } from './sql-harness';

let h: SqlHarness;
/** The built-in functions and the catalog plugin's (array text functions: string_to_array, array_to_string, …). */
let compiler: SqlCompiler;

before(async () => {
  h = await SqlHarness.open();
  await h.script(`CREATE TABLE orders (id INT, customer SYMBOL, amount DOUBLE, tags STRING, readings DOUBLE[]);
INSERT INTO orders VALUES (1, 'ann', 10.5, 'a,b', ARRAY[1.0, 2.0]), (2, 'bob', 3.0, 'c', ARRAY[5.0]), (3, 'ann', 7.25, NULL, NULL);
CREATE TABLE customers (customer SYMBOL, city STRING);
INSERT INTO customers VALUES ('ann', 'Oslo'), ('bob', 'Rome'), ('cid', 'Lima');
`);
  compiler = catalogCompiler(h);
});
after(async () => { await h.close(); });

const rows = async (sql: string): Promise<unknown[][]> => (await h.query(sql, compiler)).rows;

test('a correlated sub-query in WHERE runs for each outer row', async () => {
  assert.deepEqual(await rows(`SELECT c.customer FROM customers c
    WHERE (SELECT count() FROM orders o WHERE o.customer = c.customer) > 1 ORDER BY 1`), [['ann']]);
  assert.deepEqual(await rows(`SELECT id FROM orders o WHERE amount > (SELECT avg(amount) FROM orders x WHERE x.customer = o.customer) ORDER BY id`), [[1]]);
  assert.deepEqual(await rows(`SELECT customer FROM customers c WHERE (SELECT sum(amount) FROM orders o WHERE o.customer = c.customer) IS NULL`), [['cid']]);
});

test('substring(s FROM start [FOR length]) and substring(s FOR length) are substring(s, start, length)', async () => {
  assert.deepEqual(await rows("SELECT substring('Grafana' FROM 2 FOR 3), substring('Grafana' FROM 4), substring('Grafana' FOR 2), substring('Grafana' FROM 0 FOR 3)"),
    [['raf', 'fana', 'Gr', 'Gr']]);
  assert.deepEqual(await rows('SELECT substring(city FROM 2 FOR 2) FROM customers ORDER BY 1'), [['im'], ['om'], ['sl']]);
});

test('trim(BOTH | LEADING | TRAILING [characters] FROM s) and btrim/ltrim/rtrim(s, characters)', async () => {
  assert.deepEqual(await rows(`SELECT trim(BOTH '"' FROM '"quoted"'), trim(LEADING 'x' FROM 'xxaxx'), trim(TRAILING 'x' FROM 'xxaxx'),
    trim('ab' FROM 'abcba'), trim(BOTH FROM '  pad  '), btrim('--é--', '-'), ltrim('001200', '0'), rtrim('001200', '0')`),
  [['quoted', 'axx', 'xxa', 'c', 'pad', 'é', '1200', '0012']]);
  assert.deepEqual(await rows("SELECT trim(LEADING 'O' FROM city) FROM customers WHERE customer = 'ann'"), [['slo']]);
});

test('unnest() in FROM: DOUBLE array elements, array text elements, several arrays side by side', async () => {
  assert.deepEqual(await rows('SELECT * FROM unnest(ARRAY[[1.0, 2.0], [3.0, 4.0]])'), [[1], [2], [3], [4]]);
  assert.deepEqual(await rows("SELECT t FROM unnest(string_to_array('x,y', ',')) AS t"), [['x'], ['y']]);
  assert.deepEqual(await rows("SELECT * FROM unnest(ARRAY[1.0, 2.0, 3.0], string_to_array('p', ','))"), [[1, 'p'], [2, null], [3, null]]);
  assert.deepEqual(await rows('SELECT count() FROM unnest(NULL)'), [[0]]);
});

test("unnest() of an enclosing row's column, in a correlated sub-query", async () => {
  assert.deepEqual(await rows('SELECT id, (SELECT sum(r) FROM unnest(o.readings) r) total FROM orders o ORDER BY id'), [[1, 3], [2, 5], [3, null]]);
  assert.deepEqual(await rows("SELECT id, array_to_string(ARRAY(SELECT upper(t) FROM unnest(string_to_array(o.tags, ',')) t), '+') FROM orders o ORDER BY id"),
    [[1, 'A+B'], [2, 'C'], [3, '']]);
});

test('a set-returning function in the SELECT list repeats its row; several run side by side; no rows drop the row', async () => {
  assert.deepEqual(await rows('SELECT id, unnest(readings) FROM orders ORDER BY id'), [[1, 1], [1, 2], [2, 5]]);
  assert.deepEqual(await rows("SELECT id, unnest(readings) r, unnest(string_to_array(tags, ',')) t FROM orders WHERE id < 3 ORDER BY id"),
    [[1, 1, 'a'], [1, 2, 'b'], [2, 5, 'c']]);
  assert.deepEqual(await rows('SELECT id, unnest(readings) * 10 FROM orders WHERE id = 1'), [[1, 10], [1, 20]]);
  await assert.rejects(h.query('SELECT customer, count() FROM orders WHERE unnest(readings) > 1', compiler),
    (e: unknown) => e instanceof SvcError && e.message === 'set-returning function unnest() is not allowed here');
  await assert.rejects(h.query('SELECT customer, unnest(readings), count() FROM orders', compiler),
    (e: unknown) => e instanceof SvcError && e.message.startsWith('set-returning functions cannot be combined with GROUP BY'));
});

test('generate_subscripts(array, dim[, reverse]) gives the subscripts of a dimension, beside unnest as SQLAlchemy pairs them', async () => {
  assert.deepEqual(await rows("SELECT * FROM generate_subscripts(string_to_array('p,q,r', ','), 1)"), [[1], [2], [3]]);
  assert.deepEqual(await rows('SELECT * FROM generate_subscripts(ARRAY[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], 2, true)'), [[3], [2], [1]]);
  assert.deepEqual(await rows('SELECT id, unnest(readings) r, generate_subscripts(readings, 1) k FROM orders ORDER BY id, k'), [[1, 1, 1], [1, 2, 2], [2, 5, 1]]);
  assert.deepEqual(await rows('SELECT count() FROM generate_subscripts(ARRAY[1.0], 2)'), [[0]]);
});

test('generate_series takes bounds from its row: in the SELECT list, and in FROM of a correlated sub-query', async () => {
  assert.deepEqual(await rows('SELECT x, generate_series(1, x) FROM long_sequence(3)'), [[1, 1], [2, 1], [2, 2], [3, 1], [3, 2], [3, 3]]);
  assert.deepEqual(await rows('SELECT id, (SELECT sum(g) FROM generate_series(1, o.id) g) FROM orders o ORDER BY id'), [[1, 1], [2, 3], [3, 6]]);
  await assert.rejects(h.query('SELECT * FROM generate_series(1, 3, 0)', compiler),
    (e: unknown) => e instanceof SvcError && e.message === 'generate_series(): step must be a non-zero integer');
});

test("a text constant compared with a BOOLEAN reads as PostgreSQL's boolean spellings", async () => {
  assert.deepEqual(await rows("SELECT id FROM orders WHERE (amount > 5) = 'f'"), [[2]]);
  assert.deepEqual(await rows("SELECT 't' = (1 < 2), (1 > 2) = 'no', true = 'on'"), [[true, true, true]]);
});

test('x = ANY(array) in a JOIN condition tests the elements', async () => {
  assert.deepEqual(await rows(`SELECT o.id, c.customer FROM orders o JOIN customers c ON c.customer = ANY(string_to_array('ann,cid', ',')) AND o.customer = c.customer
    ORDER BY o.id`), [[1, 'ann'], [3, 'ann']]);
});

test("AS alias(a, b) names a source's columns, first ones first", async () => {
  assert.deepEqual(await rows('SELECT n FROM long_sequence(3) AS s(n) WHERE s.n > 1'), [[2], [3]]);
  assert.deepEqual(await rows('SELECT who, amount FROM (SELECT customer, amount FROM orders WHERE id = 2) o(who)'), [['bob', 3]]);
  await assert.rejects(h.query('SELECT * FROM long_sequence(1) s(a, b)', compiler),
    (e: unknown) => e instanceof SvcError && e.message === 'table "s" has 1 columns available but 2 columns specified');
});

test('JOIN … USING (columns) joins on same-named columns', async () => {
  assert.deepEqual(await rows('SELECT o.id, c.city FROM orders o JOIN customers c USING (customer) ORDER BY o.id'), [[1, 'Oslo'], [2, 'Rome'], [3, 'Oslo']]);
  assert.deepEqual(await rows('SELECT c.customer, o.id FROM customers c LEFT JOIN orders o USING (customer) WHERE o.id IS NULL'), [['cid', null]]);
});

test('array text: || joins arrays and appends elements; a subscript reads the element type', async () => {
  assert.deepEqual(await rows(`SELECT string_to_array('a,b', ',') || string_to_array('c', ','), string_to_array('a', ',') || 'z', 'y' || string_to_array('a', ','),
    (ARRAY(SELECT id FROM orders ORDER BY id))[2] + 40`), [['{a,b,c}', '{a,z}', '{y,a}', 42]]);
  assert.deepEqual(await rows("SELECT tags || 'x' FROM orders WHERE id = 1"), [['a,bx']]);
});

test('DOUBLE arrays from text: PostgreSQL and bracketed literals, quoted and NULL elements; what does not parse is NULL', async () => {
  assert.deepEqual(await rows("SELECT * FROM unnest('{1.5,-2}'::double[])"), [[1.5], [-2]]);
  assert.deepEqual(await rows("SELECT * FROM unnest('[[1, 2], [3, 4]]'::double[][])"), [[1], [2], [3], [4]]);
  assert.deepEqual(await rows(`SELECT * FROM unnest(cast('{"0.5", NULL, Infinity}' AS double[]))`), [[0.5], [null], [Infinity]]);
  assert.deepEqual(await rows("SELECT '{1,{2}}'::double[] IS NULL, 'x'::double[] IS NULL, '{{1},{2,3}}'::double[][] IS NULL, '{}'::double[] IS NULL"),
    [[true, true, true, false]]);
});

test('IS [NOT] NULL on a DOUBLE array reads its null flag (an empty array is not NULL)', async () => {
  assert.deepEqual(await rows('SELECT id, readings IS NULL, readings IS NOT NULL FROM orders ORDER BY id'), [[1, false, true], [2, false, true], [3, true, false]]);
  assert.deepEqual(await rows('SELECT id FROM orders WHERE readings IS NULL'), [[3]]);
});

test('a DOUBLE array bind value is read from text and keeps its fractions in every row', async () => {
  const q = h.compiler.compile('SELECT $1::double[] a, x FROM long_sequence(2)');
  const out = await q.execute({ signal: new AbortController().signal, parameters: ['{1.5,2.25}'] });
  if (out.kind !== 'rows') throw new Error(out.kind);
  const got: SqlValue[][] = [];
  for await (const b of out.result.batches()) for (let i = 0; i < b.rowCount; i++) got.push([String(b.vectors[0].data.subarray(b.vectors[0].offsets?.[i], b.vectors[0].offsets?.[i + 1])), readValue(b.vectors[1], i)]);
  assert.deepEqual(got, [['1.5,2.25', 1], ['1.5,2.25', 2]]);
});
