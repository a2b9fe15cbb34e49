import 'reflect-metadata';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, test } from 'node:test';
import { RunningServer, startServer } from '../../core/bootstrap';
import { Plugin } from '../../core/plugin';
import { QueryEngine } from '../../core/sql/query-engine';
import { defaultBundle } from '../default-bundle';
import { FixtureEngine, fixtureStats } from './exec-fixture-engine';

const fixturePlugin: Plugin = {
  name: 'exec-fixture-engine', dependsOn: [],
  register(c): void { c.register(QueryEngine, { useValue: new FixtureEngine() }); },
};

let server: RunningServer;
let root: string;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'svc-exec-'));
  server = await startServer({
    rootDir: root, bundle: [...defaultBundle, fixturePlugin], console: new PassThrough(),
    env: { SVC_HTTP_NET_BIND_TO: '127.0.0.1:0', SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0', SVC_LINE_TCP_NET_BIND_TO: '127.0.0.1:0', SVC_PG_NET_BIND_TO: '127.0.0.1:0', SVC_QUERY_TIMEOUT: '2000' },
  });
});

after(async () => {
  await server.stop();
  rmSync(root, { recursive: true, force: true });
});

interface Reply { status: number; headers: Record<string, string | string[] | undefined>; body: string }

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.apiAddress?.port, path, headers, method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const q = (sql: string, extra = ''): string => `/exec?query=${encodeURIComponent(sql)}${extra}`;

test('select 1 answers QuestDB body with Keep-Alive', async () => {
  const r = await get(q('select 1'));
  assert.equal(r.status, 200);
  assert.equal(r.body, '{"query":"select 1","columns":[{"name":"1","type":"INT"}],"timestamp":-1,"dataset":[[1]],"count":1}');
  assert.equal(r.headers['keep-alive'], 'timeout=5, max=10000');
  assert.equal(r.headers['content-type'], 'application/json; charset=utf-8');
});

test('limit a,b sends rows a..b and count reports b', async () => {
  const r = JSON.parse((await get(q('rows 100', '&limit=10,20&nm=true'))).body);
  assert.equal(r.dataset.length, 11);
  assert.equal(r.dataset[0][4], 9);
  assert.equal(r.count, 20);
});

test('count=true keeps counting past the limit', async () => {
  const r = JSON.parse((await get(q('rows 200000', '&limit=5&count=true&nm=true'))).body);
  assert.equal(r.dataset.length, 5);
  assert.equal(r.count, 200000);
});

test('limit=-n sends the last n rows and limit=0 none', async () => {
  const last = JSON.parse((await get(q('rows 100', '&limit=-3&nm=true'))).body);
  assert.deepEqual(last.dataset.map((row: unknown[]) => row[4]), [97, 98, 99]);
  const none = JSON.parse((await get(q('rows 100', '&limit=0'))).body);
  assert.deepEqual(none.dataset, []);
  assert.equal(none.count, 0);
});

test('a SQL error answers 400 with query, error and position', async () => {
  const r = await get(q('selec 1'));
  assert.equal(r.status, 400);
  assert.equal(r.body, '{"query":"selec 1","error":"unexpected token [nonsense]","position":7}');
});

test('an error after streaming began closes the document well-framed', async () => {
  const r = await get(q('fail after 1 batch', '&nm=true'));
  assert.equal(r.status, 200);
  assert.match(r.body, /^\{"dataset":\[\[.*\]\],"count":2,"error":"boom", "errorPos":3\}$/);
});

test('DDL, INSERT and UPDATE answer their fixed bodies', async () => {
  assert.equal((await get(q('create'))).body, '{"ddl":"OK"}');
  assert.equal((await get(q('insert'))).body, '{"dml":"OK"}');
  assert.equal((await get(q('update'))).body, '{"dml":"OK","updated":3}');
});

test('a missing query answers the empty-query body, version=2 as a notice', async () => {
  assert.equal((await get('/exec')).body, '{"error":"empty query","query":"","position":"0"}');
  assert.equal((await get('/exec?query=&version=2')).body, '{"notice":"empty query","query":"","position":"0"}');
});

test('Statement-Timeout ends a query with the timeout error', async () => {
  const r = await get(q('spin'), { 'Statement-Timeout': '150' });
  assert.equal(r.status, 200);
  assert.match(r.body, /"error":"timeout, query aborted \[fd=\d+, runtime=\d+ms, timeout=150ms\]", "errorPos":0\}$/);
});

test('query.timeout applies without the header', async () => {
  const t0 = Date.now();
  const r = await get(q('spin'));
  assert.match(r.body, /timeout=2000ms/);
  assert.ok(Date.now() - t0 < 4000);
});

test('closing the connection stops the query within 100 ms', async () => {
  const req = request({ host: '127.0.0.1', port: server.apiAddress?.port, path: q('spin'), agent: false });
  req.on('error', () => undefined);
  req.end();
  await new Promise((r) => setTimeout(r, 200));
  req.destroy();
  await new Promise((r) => setTimeout(r, 100));
  const at = fixtureStats.batches;
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(fixtureStats.batches, at);
});

test('HEAD answers the head without a body', async () => {
  const r = await get(q('select 1'), {}, 'HEAD');
  assert.equal(r.status, 200);
  assert.equal(r.body, '');
});

test('cols picks columns and reports errors without a position', async () => {
  const r = JSON.parse((await get(q('rows 2', '&cols=id,ts'))).body);
  assert.deepEqual(r.columns.map((c: { name: string }) => c.name), ['id', 'ts']);
  assert.equal(r.timestamp, 1);
  const bad = await get(q('rows 2', '&cols=xyz'));
  assert.equal(bad.status, 400);
  assert.equal(bad.body, `{"query":"rows 2","error":"column not found: 'xyz'"}`);
});

test('timings and explain follow count', async () => {
  const r = await get(q('select 1', '&timings=true&explain=true'));
  assert.match(r.body, /"count":1,"timings":\{"authentication":\d+,"compiler":\d+,"execute":\d+,"count":\d+\},"explain":\{"jitCompiled":true\}\}$/);
});
