/** Text used as a number (QuestDB 9.4.4): converted at run time, the numeric side picks the type. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SvcError } from '../../core/errors';
import { SqlHarness } from './sql-harness';

let h: SqlHarness;

before(async () => {
  h = await SqlHarness.open();
  await h.script(`CREATE TABLE t (ts TIMESTAMP, other TIMESTAMP, id INT, l LONG, d DOUBLE, s STRING, v VARCHAR, c CHAR) TIMESTAMP(ts);
INSERT INTO t VALUES ('2024-01-01', '2024-02-01', 42, 5, 1.5, '7', '8', '3');
`);
});
after(async () => { await h.close(); });

async function fails(sql: string, message: string, position: number): Promise<void> {
  await assert.rejects(async () => h.query(sql), (e: unknown) => e instanceof SvcError && e.message === message && e.position === position);
}

test('a quoted number compares numerically with a numeric column', async () => {
  assert.deepEqual((await h.query("SELECT id FROM t WHERE id = '42'")).rows, [[42]]);
  assert.deepEqual((await h.query("SELECT id FROM t WHERE id = '042' AND l < '10' AND d > '1'")).rows, [[42]]);
  assert.deepEqual((await h.query("SELECT id FROM t WHERE id IN ('41', '42')")).rows, [[42]]);
});

test('the result type follows the numeric side', async () => {
  const r = await h.query("SELECT l + '5', id + '5', d + '5', id * c, l - s, d / v FROM t");
  assert.deepEqual(r.columns.map((c) => c.slice(c.lastIndexOf(':') + 1)), ['LONG', 'INT', 'DOUBLE', 'INT', 'LONG', 'DOUBLE']);
  assert.deepEqual(r.rows, [[10, 47, 6.5, 126, -2, 0.1875]]);
});

test('text that is not a number fails at run time at position 0', async () => {
  await fails("SELECT l + 'x' FROM t", 'inconvertible value: x [CHAR -> LONG]', 0);
  await fails("SELECT l + 'abc' FROM t", 'inconvertible value: `abc` [STRING -> LONG]', 0);
  await h.execute("INSERT INTO t VALUES ('2024-01-02', '2024-02-02', 43, 6, 2.5, 'seven', 'eight', 'x')");
  await fails('SELECT l + s FROM t', 'inconvertible value: `seven` [STRING -> LONG]', 0);
  await fails('SELECT id * c FROM t', 'inconvertible value: x [CHAR -> INT]', 0);
});

test('a TIMESTAMP compared with text that is not a date names the text, quoted only for the designated timestamp', async () => {
  await fails("SELECT * FROM t WHERE other < 'abc'", 'Invalid date [str=abc]', 30);
  await fails("SELECT * FROM t WHERE other = 'abc'", 'Invalid date [str=abc]', 30);
  await fails("SELECT * FROM t WHERE ts < 'abc'", "Invalid date [str='abc']", 27);
  await fails("SELECT * FROM t WHERE ts = 'abc'", 'invalid timestamp', 27);
});
