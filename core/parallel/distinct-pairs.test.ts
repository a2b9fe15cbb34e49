import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Differential } from './differential.fixture';

// count_distinct of a SYMBOL per SYMBOL key through the worker pool (the pairs of the tuple kernels), on the
// main thread's GroupBy (its bit sets) both ways, and against a naive reference over the rows read back.
let d: Differential;

before(async () => { d = await Differential.open(); });
after(async () => { await d.close(); });

/** Per key text, the distinct non-null values of `counted` among the rows of `where`, by a JS Set. */
async function reference(key: string, counted: string, where: string): Promise<Map<unknown, number>> {
  const sets = new Map<unknown, Set<unknown>>();
  for (const [k, v] of (await d.parallel.query(`SELECT ${key}, ${counted} FROM m WHERE ${where}`)).rows) {
    const set = sets.get(k) ?? new Set<unknown>();
    if (v !== null) set.add(v);
    sets.set(k, set);
  }
  return new Map([...sets].map(([k, s]) => [k, s.size]));
}

async function check(key: string, counted: string, where = 'true', fn = 'count_distinct'): Promise<unknown[][]> {
  const sql = `SELECT ${key}, ${fn}(${counted}) FROM m${where === 'true' ? '' : ` WHERE ${where}`} GROUP BY ${key}`;
  const rows = await d.same(sql);
  assert.deepEqual(new Map(rows.map((r) => [r[0], r[1]])), await reference(key, counted, where), sql);
  return rows;
}

test('count_distinct of a symbol per symbol key counts its pairs in the workers: the main thread\'s groups, counts and order', async () => {
  for (const [key, counted] of [['region', 'host'], ['team', 'host'], ['host', 'region'], ['region', 'team'], ['host', 'host']]) {
    const rows = await check(key, counted);
    assert.ok(rows.some((r) => r[0] === null), `${key}: the NULL key is a group`);
  }
  await check('region', 'host', 'u > 50');
  await check('team', 'region', "ts IN '2024-01-02' AND v < 20 AND region <> 'eu-west-1'");
  await check('region', 'host', 'true', 'approx_count_distinct');
  // Every counted value NULL: each group counts 0.
  const none = await check('region', 'host', 'host IS NULL');
  assert.ok(none.length > 0 && none.every((r) => r[1] === 0));
  await d.same('SELECT count(DISTINCT host) n, region, count_distinct(host) m FROM m GROUP BY region');
});

test('count_distinct beside other aggregates, of a non-symbol or without a key stays on the main thread\'s GroupBy', async () => {
  await d.same('SELECT region, count_distinct(host), count() FROM m', false);
  await d.same('SELECT region, count_distinct(u) FROM m', false);
  await d.same('SELECT region, count_distinct(host), count_distinct(team) FROM m', false);
  const [[n]] = await d.same('SELECT count_distinct(host) FROM m', false);
  assert.equal(n, 60);
});
