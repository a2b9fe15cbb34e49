import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Differential } from './differential.fixture';

let d: Differential;

before(async () => { d = await Differential.open(); });
after(async () => { await d.close(); });

test('a parallel filter\'s ranges of 8,192 selected rows or more are gathered by the workers: rows, NULLs and order as on the main thread', async () => {
  // ~13,300 rows a partition, most of them selected: every range gathers in the workers.
  const rows = await d.same('SELECT * FROM m WHERE u > 5 OR v IS NULL');
  assert.ok(rows.length > 30_000, `${rows.length} rows`);
  await d.same("SELECT ts, host, u, i FROM m WHERE v < 95 AND team != 'SF'");
  // Few rows a range: gathered here, as before.
  await d.same('SELECT * FROM m WHERE u > 99');
  await d.same('SELECT * FROM m WHERE u > 5 LIMIT 10000');
});
