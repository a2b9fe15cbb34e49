/** Reading a Parquet response back with DuckDB, an independent reader (dev dependency). */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Then } from '@cucumber/cucumber';
import { DuckDBInstance } from '@duckdb/node-api';
import { SvcWorld } from '../support/world';

async function duckOnBody(world: SvcWorld, sql: (file: string) => string): Promise<Record<string, unknown>[]> {
  assert.ok(world.response, 'no request was made');
  const dir = mkdtempSync(join(tmpdir(), 'svc-feature-parquet-'));
  const file = join(dir, 'body.parquet');
  writeFileSync(file, world.response.body);
  try {
    const conn = await (await DuckDBInstance.create(':memory:')).connect();
    try {
      return (await conn.runAndReadAll(sql(file))).getRowObjectsJS() as Record<string, unknown>[];
    } finally {
      conn.closeSync();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

Then('DuckDB reads the body as Parquet with {int} rows', async function (this: SvcWorld, rows: number) {
  const [r] = await duckOnBody(this, (f) => `select count(*)::int c from '${f}'`);
  assert.equal(r.c, rows);
});

Then('DuckDB reads column {string} of the body as {string}', async function (this: SvcWorld, column: string, values: string) {
  // string_agg has no order of its own (DuckDB aggregates row groups in parallel): order by file position.
  const r = await duckOnBody(this, (f) => `select string_agg("${column}"::varchar, ',' order by file_row_number) v from read_parquet('${f}', file_row_number = true)`);
  assert.equal(r[0].v, values);
});

Then('the Parquet body has {int} row groups compressed with {word}', async function (this: SvcWorld, groups: number, codec: string) {
  const r = await duckOnBody(this, (f) => `select count(distinct row_group_id)::int g, string_agg(distinct compression, ',') c from parquet_metadata('${f}')`);
  assert.deepEqual({ g: r[0].g, c: r[0].c }, { g: groups, c: codec });
});

Then('the Parquet schema of the body is {string}', async function (this: SvcWorld, expected: string) {
  // name:repetition for every element, the root first; then the FileMetaData version.
  const schema = await duckOnBody(this, (f) => `select name, coalesce(repetition_type, '-') r from parquet_schema('${f}')`);
  const [meta] = await duckOnBody(this, (f) => `select format_version::int v from parquet_file_metadata('${f}')`);
  const text = schema.map((e) => `${String(e.name)}:${String(e.r)}`).join(', ') + `; version ${String(meta.v)}`;
  assert.equal(text, expected);
});
