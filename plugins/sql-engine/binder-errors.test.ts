/** QuestDB's error texts and positions from the binder. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SvcError } from '../../core/errors';
import { SqlHarness } from './sql-harness';

let h: SqlHarness;

before(async () => {
  h = await SqlHarness.open();
  await h.execute('CREATE TABLE t (ts TIMESTAMP, id SYMBOL, temp DOUBLE) TIMESTAMP(ts) PARTITION BY DAY');
});
after(async () => { await h.close(); });

const CASES: [string, number, string][] = [
  ['SELECT * FROM missing_t', 14, 'table does not exist [table=missing_t]'],
  ['SELECT nope FROM t', 7, 'Invalid column: nope'],
  ["SELECT * FROM t WHERE ts = 'abc'", 27, 'invalid timestamp'],
  ["SELECT * FROM t WHERE ts < 'abc'", 27, "Invalid date [str='abc']"],
  ["SELECT * FROM t WHERE ts = '2025-03-01;1h'", 27, 'not a timestamp, use IN keyword with intervals'],
  ['SELECT x, count() FROM long_sequence(3) SAMPLE BY 1h', 0, 'base query does not provide designated TIMESTAMP column'],
  ['SELECT * FROM (SELECT x, count() FROM long_sequence(3) SAMPLE BY 1h)', 15, 'base query does not provide designated TIMESTAMP column'],
  ['SELECT ts, temp FROM t SAMPLE BY 1h', 33, "at least one aggregation function must be present in 'select' clause"],
  ['SELECT * FROM t WHERE sum(temp) > 1', 22, 'Aggregate function cannot be passed as an argument'],
  ['SELECT * FROM t WHERE abs(sum(temp)) > 1', 26, 'Aggregate function cannot be passed as an argument'],
  ['CREATE TABLE t (x INT)', 13, 'table already exists'],
  ['trades 12', 0, 'table does not exist [table=trades]'],
  ['SELECT * FROM long_sequence(3) LATEST ON x PARTITION BY x', 31, 'base query does not provide designated TIMESTAMP column'],
  ['SELECT nosuch(temp) FROM t', 7, 'unknown function name: nosuch(DOUBLE)'],
  ["SELECT temp + 'a' FROM t", 0, 'inconvertible value: a [CHAR -> DOUBLE]'],
  ["SELECT temp FROM t WHERE temp = 'abc'", 0, 'inconvertible value: `abc` [STRING -> DOUBLE]'],
  ["SELECT * FROM t WHERE ts < 'abc'", 27, "Invalid date [str='abc']"],
  ['INSERT INTO t VALUES (1, 2)', 26, 'row value count does not match column count [expected=3, actual=2, tuple=1]'],
];

for (const [sql, position, message] of CASES) {
  test(`${sql} fails with "${message}" at ${position}`, () => {
    assert.throws(() => h.compiler.compile(sql), (e: unknown) => e instanceof SvcError && e.message === message && e.position === position && e.statusCode === 400);
  });
}

test('names resolve case-insensitively and keep their spelling', async () => {
  assert.deepEqual((await h.query('SELECT TEMP, Id FROM T')).columns, ['TEMP:DOUBLE', 'Id:SYMBOL']);
});
