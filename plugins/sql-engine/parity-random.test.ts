/** Seeded rnd_* functions draw as QuestDB 9.4.4 does, so long_sequence(n, s0, s1) gives QuestDB's rows. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { XorShift128Plus } from '../../core/sql/random-source';
import { SqlHarness } from './sql-harness';

let h: SqlHarness;

before(async () => { h = await SqlHarness.open(); });
after(async () => { await h.close(); });

async function column(sql: string): Promise<unknown[]> {
  return (await h.query(sql)).rows.map((r) => r[0]);
}

test('rnd_double with seeds gives the documented values', async () => {
  assert.deepEqual(await column('SELECT rnd_double() FROM long_sequence(2, 128349234, 4327897)'), [0.8251337821991485, 0.2714941145110299]);
});

test('rnd_symbol of a list gives QuestDB\'s sequence', async () => {
  assert.deepEqual(await column("SELECT rnd_symbol('a','b','c') FROM long_sequence(10, 33, 55)"), ['c', 'c', 'c', 'b', 'b', 'a', 'a', 'a', 'a', 'a']);
});

test('a null rate draws first, also at rate 0; the value draws next', async () => {
  const r = XorShift128Plus.seeded(33n, 55n);
  const expected: number[] = [];
  for (let i = 0; i < 5; i++) { r.nextInt(); expected.push(1 + (r.nextPositiveInt() % 5)); }
  assert.deepEqual(await column('SELECT rnd_int(1, 5, 0) FROM long_sequence(5, 33, 55)'), expected);
});

test('several random columns draw row by row, as QuestDB evaluates records', async () => {
  const r = XorShift128Plus.seeded(7n, 11n);
  const expected: unknown[][] = [];
  for (let i = 0; i < 3; i++) expected.push([r.nextInt(), r.nextDouble(), r.nextBoolean()]);
  assert.deepEqual((await h.query('SELECT rnd_int(), rnd_double(), rnd_boolean() FROM long_sequence(3, 7, 11)')).rows, expected);
});

test('the same seeds give the same rows on every run', async () => {
  const sql = 'SELECT rnd_long(), rnd_str(2, 4, 1), rnd_varchar(1, 3, 1), rnd_bin(2, 4, 0) FROM long_sequence(5, 1, 2)';
  assert.deepEqual(await h.query(sql), await h.query(sql));
});
