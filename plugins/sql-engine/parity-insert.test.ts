/** INSERT values as QuestDB 9.4.4 converts them: refused when they do not fit, never wrapped. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SvcError } from '../../core/errors';
import { SqlHarness } from './sql-harness';

let h: SqlHarness;

before(async () => {
  h = await SqlHarness.open();
  await h.execute('CREATE TABLE t (ts TIMESTAMP, b BYTE, s SHORT, i INT, l LONG, f FLOAT, d DOUBLE, bo BOOLEAN, ip IPV4, c CHAR) TIMESTAMP(ts)');
});
after(async () => { await h.close(); });

async function fails(sql: string, message: string, position = 0): Promise<void> {
  await assert.rejects(async () => h.execute(sql), (e: unknown) => {
    assert.ok(e instanceof SvcError, String(e));
    assert.equal(e.message, message);
    assert.equal(e.position, position);
    return true;
  });
}

async function stored(column: string, value: string): Promise<unknown> {
  await h.execute('TRUNCATE TABLE t');
  await h.execute(`INSERT INTO t (ts, ${column}) VALUES ('2024-01-01', ${value})`);
  return (await h.query(`SELECT ${column} FROM t`)).rows[0][0];
}

const FITS: [string, string, unknown][] = [
  ['b', '127', 127], ['b', '-128', -128], ['s', '32767', 32767], ['s', '-32768', -32768],
  ['i', '2147483647', 2147483647], ['i', '-2147483647', -2147483647], ['i', "'42'", 42], ['i', "'7'", 7],
  ['l', '9223372036854775807', '9223372036854775807'], ['l', '-9223372036854775807', '-9223372036854775807'],
  ['l', "'9223372036854775807'", '9223372036854775807'],
  ['f', '3.4028234663852886E38', Math.fround(3.4028234663852886e38)], ['f', '-3.4028234663852886E38', Math.fround(-3.4028234663852886e38)],
  ['f', '1.5', 1.5], ['d', '1', 1], ['ip', "'10.0.0.1'", '10.0.0.1'], ['c', "'x'", 'x'],
  ['i', 'cast(3000000000 AS INT)', -1294967296], ['b', 'cast(300 AS BYTE)', 44],
];

for (const [column, value, expected] of FITS) {
  test(`INSERT of ${value} into the ${column} column stores ${String(expected)}`, async () => {
    assert.deepEqual(await stored(column, value), expected);
  });
}

const REFUSED: [string, string, string][] = [
  ['b', '128', 'inconvertible value: 128 [INT -> BYTE]'],
  ['b', '-129', 'inconvertible value: -129 [INT -> BYTE]'],
  ['s', '32768', 'inconvertible value: 32768 [INT -> SHORT]'],
  ['s', '-32769', 'inconvertible value: -32769 [INT -> SHORT]'],
  ['i', '3000000000', 'inconvertible value: 3000000000 [LONG -> INT]'],
  ['i', '-2147483649', 'inconvertible value: -2147483649 [LONG -> INT]'],
  ['i', '3e10', 'inconvertible value: 30000000000 [LONG -> INT]'],
  ['b', '300.5', 'inconvertible value: 300.5 [FLOAT -> BYTE]'],
  ['f', '3.4028235E38', 'inconvertible value: 3.4028235E38 [DOUBLE -> FLOAT]'],
  ['l', '1e19', 'inconvertible value: 1.0E19 [DOUBLE -> LONG]'],
  ['i', "'abc'", 'inconvertible value: `abc` [STRING -> INT]'],
  ['i', "'3000000000'", 'inconvertible value: `3000000000` [STRING -> INT]'],
  ['l', "'a'", 'inconvertible value: a [CHAR -> LONG]'],
  ['c', "'ab'", 'inconvertible value: `ab` [STRING -> CHAR]'],
  ['ip', "'abc'", 'invalid IPv4 format: abc'],
];

for (const [column, value, message] of REFUSED) {
  test(`INSERT of ${value} into the ${column} column fails at run time: ${message}`, async () => {
    await fails(`INSERT INTO t (ts, ${column}) VALUES ('2024-01-01', ${value})`, message);
  });
}

test('a failed row leaves none of its statement behind', async () => {
  await h.execute('TRUNCATE TABLE t');
  await fails("INSERT INTO t (ts, i) VALUES ('2024-01-01', 1), ('2024-01-02', 3000000000)", 'inconvertible value: 3000000000 [LONG -> INT]');
  assert.deepEqual((await h.query('SELECT count() FROM t')).rows, [[0]]);
});

test('pairs with no conversion are compile errors at the value', async () => {
  await fails("INSERT INTO t (ts, bo) VALUES ('2024-01-01', 'abc')", "inconvertible types: STRING -> BOOLEAN [from='abc', to=bo]", 45);
  await fails('INSERT INTO t (ts, i) VALUES (1.5, 1)', 'inconvertible types: DOUBLE -> TIMESTAMP [from=1.5, to=ts]', 30);
});

test('the tuple count is checked at the closing parenthesis', async () => {
  await fails('INSERT INTO t (ts, i) VALUES (1, 2), (3)', 'row value count does not match column count [expected=2, actual=1, tuple=2]', 39);
});

test('the designated timestamp must be given and not NULL', async () => {
  await fails('INSERT INTO t (ts, i) VALUES (NULL, 1)', 'designated timestamp column cannot be NULL', 30);
  await fails('INSERT INTO t (i) VALUES (1)', 'insert statement must populate timestamp', 0);
  await fails('INSERT INTO t (ts, i) SELECT NULL, 1 FROM long_sequence(1)', 'designated timestamp column cannot be NULL', 0);
});

test('INSERT … SELECT refuses values that do not fit, as VALUES does', async () => {
  await fails("INSERT INTO t (ts, i) SELECT '2024-01-03', x * 3000000000 FROM long_sequence(1)", 'inconvertible value: 3000000000 [LONG -> INT]');
});

test('WITH … INSERT … SELECT sees the CTE', async () => {
  await h.execute('TRUNCATE TABLE t');
  await h.execute("WITH c AS (SELECT x FROM long_sequence(3)) INSERT INTO t (ts, i) SELECT '2024-01-01', x FROM c");
  assert.deepEqual((await h.query('SELECT sum(i) FROM t')).rows, [[6]]);
});
