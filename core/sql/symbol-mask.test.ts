import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Differential } from '../parallel/differential.fixture';

let d: Differential;

before(async () => { d = await Differential.open(); });
after(async () => { await d.close(); });

const LONG_IN = "('host_1', 'host_3', 'host_5', 'host_7', 'host_11', 'host_13', 'host_17', 'host_19', 'host_23', 'nope')";

test('pattern predicates on a symbol compile to a mask and count as the vector kernels do, null keys included', async () => {
  for (const where of ["host LIKE 'host_1%'", "host NOT LIKE 'host_1%' AND u > 20", "region ILIKE 'US%'", "region ~ 'west|central'",
    "region !~ '^eu'", "host LIKE '%5' OR u IS NULL", "region LIKE 'nothing%'", "host IS NULL OR host LIKE 'host_4_'",
    "upper(team) = 'NYC'", "starts_with(region, 'us')", "NOT (team = 'SF' OR team = 'LON')"]) {
    const sql = `SELECT count(), sum(u), max(v) FROM m WHERE ${where}`;
    assert.ok((await d.plan(sql)).some((l) => l.includes('Filter(jit)')), `compiled: ${where}`);
    await d.same(sql);
  }
});

test('a long IN list on a symbol tests a mask; NOT IN keeps the null key out, as the vector kernels do', async () => {
  await d.same(`SELECT count(), sum(u) FROM m WHERE host IN ${LONG_IN}`);
  await d.same(`SELECT count(), sum(u) FROM m WHERE host NOT IN ${LONG_IN} AND v < 50`);
});

test('a masked filter serves grouped, sampled and row-returning queries in the workers', async () => {
  await d.same("SELECT region, count(), avg(u), min(v) FROM m WHERE host LIKE '%5' GROUP BY region ORDER BY region");
  await d.same(`SELECT ts, count(), max(u) FROM m WHERE host IN ${LONG_IN} SAMPLE BY 1h`);
  const rows = await d.same("SELECT * FROM m WHERE host LIKE 'host_2%' AND u > 50");
  assert.ok(rows.length > 100);
});

test('a predicate that could fail on a dictionary value no row holds is not masked', async () => {
  const plan = await d.plan('SELECT count() FROM m WHERE cast(host AS INT) > 5');
  assert.ok(!plan.some((l) => l.includes('Filter(jit)')), plan.join('\n'));
});
