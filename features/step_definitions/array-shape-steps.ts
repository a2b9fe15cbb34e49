/**
 * ARRAY values with degenerate shapes: a row stored the way an older version stored one (through the storage
 * engine, bypassing every check the ingest paths make now), and every reader of it, with a time bound.
 */
import assert from 'node:assert/strict';
import { Given, Then } from '@cucumber/cucumber';
import { Client } from 'pg';
import { arrayType, TypeTag, Types } from '../../core/data/column-type';
import { StorageEngine } from '../../core/extension/storage-engine';
import { localOnly } from '../support/local-only';
import { PgRawClient, serialize } from '../support/pg-raw-client';
import { pgEndpoint } from '../support/pg-world';
import { SvcWorld } from '../support/world';

function engine(world: SvcWorld): StorageEngine {
  if (!world.server) throw new Error('the server is not running in-process');
  return world.server.container.resolve<StorageEngine>(StorageEngine);
}

Given('the table {string} holds a DOUBLE array row with the shape {string} and no element, as an older version stored it',
  localOnly('storage'), async function (this: SvcWorld, table: string, shapeText: string) {
    await this.ensureStarted();
    const shape = shapeText.split(',').map((s) => Number(s.trim()));
    const type = arrayType(TypeTag.DOUBLE, shape.length);
    const storage = engine(this);
    await storage.createTable({ name: table, columns: [{ name: 'a', type }, { name: 'ts', type: Types.TIMESTAMP }], timestamp: 'ts', partitionBy: 'DAY' });
    const writer = await storage.openWriter(table);
    try {
      await writer.append({
        rowCount: 1,
        vectors: [
          { type, data: new Float64Array(0), offsets: Int32Array.from([0, 0]), shapes: Int32Array.from(shape) },
          { type: Types.TIMESTAMP, data: Float64Array.from([1700000000000000]) },
        ],
      });
      await storage.commitTogether([writer]);
    } finally {
      await writer.close();
    }
  });

/** A reader's name and how it reads `sql`: resolves once the whole answer arrived, rejects on an error. */
type Reader = readonly [string, (world: SvcWorld, sql: string) => Promise<void>];

async function httpRead(world: SvcWorld, path: string): Promise<void> {
  const r = await world.request('API', path);
  assert.equal(r.status, 200, `${path}: ${r.body.toString('utf8').slice(0, 300)}`);
}

const READERS: readonly Reader[] = [
  ['/exec', (w, sql) => httpRead(w, `/exec?query=${encodeURIComponent(sql)}`)],
  ...['csv', 'ndjson', 'parquet', 'arrow'].map((fmt): Reader => [`/exp ${fmt}`, (w, sql) => httpRead(w, `/exp?fmt=${fmt}&query=${encodeURIComponent(sql)}`)]),
  ['PostgreSQL text', async (w, sql) => {
    const at = await pgEndpoint(w);
    const client = new Client({ host: at.host, port: at.port, user: 'admin', password: 'quest', database: 'qdb' });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }],
  ['PostgreSQL binary', async (w, sql) => {
    const c = await PgRawClient.login(await pgEndpoint(w));
    try {
      c.send(serialize.parse({ text: sql }), serialize.bind({ binary: true }), serialize.execute(), serialize.sync());
      const messages = await c.next('readyForQuery');
      const error = messages.find((m) => m.name === 'error');
      assert.equal(error, undefined, JSON.stringify(error));
    } finally {
      c.socket.destroy();
    }
  }],
];

Then('every output reads {string} within {int} ms: \\/exec, \\/exp in each format, PostgreSQL text and binary',
  async function (this: SvcWorld, sql: string, ms: number) {
    await this.ready();
    for (const [name, read] of READERS) {
      const started = Date.now();
      await read(this, sql);
      const took = Date.now() - started;
      assert.ok(took <= ms, `${name} took ${took} ms`);
    }
  });
