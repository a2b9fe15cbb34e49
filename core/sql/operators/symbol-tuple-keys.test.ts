import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Differential } from '../../parallel/differential.fixture';

let d: Differential;

before(async () => { d = await Differential.open(); });
after(async () => { await d.close(); });

interface Group { n: number; sum: number; max: number }

/** The naive reference: every row of `m` read back and grouped in a JS Map by the keys' texts. */
async function reference(keys: readonly string[], where = 'true'): Promise<Map<string, Group>> {
  const rows = (await d.parallel.query(`SELECT ${keys.join(', ')}, u FROM m WHERE ${where}`)).rows;
  const groups = new Map<string, Group>();
  for (const r of rows) {
    const key = JSON.stringify(r.slice(0, keys.length));
    const g = groups.get(key) ?? { n: 0, sum: 0, max: -Infinity };
    const u = r[keys.length];
    g.n++;
    if (typeof u === 'number' && !Number.isNaN(u)) { g.sum += u; g.max = Math.max(g.max, u); }
    groups.set(key, g);
  }
  return groups;
}

async function check(keys: readonly string[], where = 'true'): Promise<void> {
  const sql = `SELECT ${keys.join(', ')}, count(), sum(u), max(u) FROM m WHERE ${where} GROUP BY ${keys.join(', ')}`;
  const rows = await d.same(sql, 'either');
  const expected = await reference(keys, where);
  assert.equal(rows.length, expected.size, sql);
  for (const r of rows) {
    const g = expected.get(JSON.stringify(r.slice(0, keys.length)));
    assert.ok(g, `${sql}: group ${JSON.stringify(r)}`);
    assert.equal(r[keys.length], g.n);
    assert.ok(Math.abs(Number(r[keys.length + 1]) - g.sum) < 1e-6, `${sql}: sum`);
    if (g.max !== -Infinity) assert.equal(r[keys.length + 2], g.max);
  }
}

test('two and three SYMBOL keys group through the direct tuple table as the naive reference does, null keys included', async () => {
  await check(['host', 'region']);
  await check(['region', 'team']);
  await check(['team', 'region', 'host']);
  await check(['region', 'host'], "u > 50 AND team != 'SF'");
});

test('groups keep the order of their first row, as single keys and encoded rows do', async () => {
  const rows = await d.same('SELECT region, team, count() FROM m GROUP BY region, team', 'either');
  const firsts = (await d.parallel.query('SELECT region, team FROM m')).rows.map((r) => JSON.stringify(r));
  const order = [...new Set(firsts)];
  assert.deepEqual(rows.map((r) => JSON.stringify(r.slice(0, 2))), order);
});

test('two SYMBOL keys group in the workers over a dense 2-D index: the groups, values and order of the main thread, NULL keys included', async () => {
  for (const [a, b] of [['host', 'region'], ['region', 'team'], ['team', 'host']]) {
    await d.same(`SELECT ${a}, ${b}, count(), sum(u), avg(v), min(u), max(v), min(i), max(l) FROM m GROUP BY ${a}, ${b}`);
    await d.same(`SELECT ${a}, ${b}, count(), avg(u) FROM m WHERE v > 30 AND ts < '2024-01-02T06:00:00.000000Z' GROUP BY ${a}, ${b}`);
  }
  await d.same("SELECT region, team, sum(CASE WHEN u > 50 THEN 1 ELSE 0 END), avg(u - v) FROM m WHERE host LIKE 'host_1%' GROUP BY region, team ORDER BY 3 DESC LIMIT 5");
});
