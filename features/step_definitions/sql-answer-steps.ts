/** Many /exec queries checked in one scenario: each row of a table is a query and the answer it must get. */
import assert from 'node:assert/strict';
import { DataTable, Then } from '@cucumber/cucumber';
import { SvcWorld } from '../support/world';

async function exec(world: SvcWorld, sql: string): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const r = await world.request('API', `/exec?query=${encodeURIComponent(sql)}`);
  const text = r.body.toString('utf8');
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`not a JSON object: ${text}`);
  return { status: r.status, body: parsed as Record<string, unknown>, text };
}

Then('these queries fail with the error at the position:', async function (this: SvcWorld, table: DataTable) {
  for (const row of table.hashes()) {
    const r = await exec(this, row.query);
    assert.equal(r.status, 400, `${row.query}: ${r.text}`);
    assert.equal(r.body.error, row.error, row.query);
    assert.equal(String(r.body.position), row.position, `${row.query}: ${String(r.body.error)}`);
  }
});

/** `dataset` compared as the exact JSON text the server printed (`1.0` stays `1.0`). */
Then('these queries answer the datasets:', async function (this: SvcWorld, table: DataTable) {
  for (const row of table.hashes()) {
    const r = await exec(this, row.query);
    assert.equal(r.status, 200, `${row.query}: ${r.text}`);
    const start = r.text.indexOf('"dataset":') + '"dataset":'.length;
    assert.equal(r.text.slice(start, r.text.indexOf(',"count":', start)), row.dataset, row.query);
  }
});

/** `types`: the answer's column types, comma-separated, as /exec names them (`DOUBLE, LONG, IPv4`). */
Then('these queries answer the column types:', async function (this: SvcWorld, table: DataTable) {
  for (const row of table.hashes()) {
    const r = await exec(this, row.query);
    assert.equal(r.status, 200, `${row.query}: ${r.text}`);
    const columns = Array.isArray(r.body.columns) ? r.body.columns : [];
    const types = columns.map((c: unknown) => (typeof c === 'object' && c !== null && 'type' in c ? String((c as { type: unknown }).type) : '?'));
    assert.equal(types.join(', '), row.types, row.query);
  }
});
