/**
 * Bad input on the PostgreSQL listener: oversized and malformed messages, a foreign protocol version, a
 * client that leaves in the middle of a result, and thousands of short-lived connections. Each must end
 * in a clean error for that client only; the server keeps serving the others and holds no leftovers.
 */
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { Then, When } from '@cucumber/cucumber';
import type { DatabaseError } from 'pg-protocol/dist/messages';
import { PgMetrics } from '../../plugins/pg-wire/pg-metrics';
import { PgRawClient, serialize } from '../support/pg-raw-client';
import { localOnly } from '../support/local-only';
import { pgClient, pgEndpoint, pgOf, pgPort } from '../support/pg-world';
import { SvcWorld } from '../support/world';

/** A frontend message: type byte, declared length, body. */
function message(type: string, declaredLength: number, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(declaredLength, 1);
  return Buffer.concat([head, body]);
}

const BAD_INPUT: Readonly<Record<string, () => Buffer>> = {
  'a Query declaring a length of 2 GB': () => message('Q', 2 ** 31 - 1, Buffer.from('SELECT 1')),
  'a message declaring a length of 2': () => message('Q', 2),
  'a message of unknown type': () => message('z', 4),
  // Followed by Sync: extended-query answers (errors too) are sent at Sync, as PostgreSQL does.
  'a Bind whose body ends early': () => Buffer.concat([message('B', 9, Buffer.from([0, 0, 0, 5, 0])), serialize.sync()]),
};

async function sendAfterLogin(world: SvcWorld, bytes: Buffer): Promise<PgRawClient> {
  const c = await PgRawClient.login(await pgEndpoint(world));
  pgOf(world).raw.push(c);
  c.send(bytes);
  return c;
}

When('a logged-in client sends {string}', async function (this: SvcWorld, what: string) {
  const make = BAD_INPUT[what];
  assert.ok(make, `unknown bad input: ${what}`);
  const c = await sendAfterLogin(this, make());
  const got = await c.nextOf(['error', 'readyForQuery']);
  pgOf(this).received = got;
  if (got[got.length - 1].name === 'error') pgOf(this).output = (got[got.length - 1] as DatabaseError).severity;
});

/** A Bind body for the unnamed statement: one parameter in binary format with the given bytes. */
function binaryBind(value: Buffer): Buffer {
  const body = Buffer.alloc(2 + 2 + 2 + 2 + 4 + value.length + 2);
  let p = body.writeUInt16BE(0, 0); // portal "" and statement "" (two NULs)
  p = body.writeInt16BE(1, p);
  p = body.writeInt16BE(1, p);
  p = body.writeInt16BE(1, p);
  p = body.writeInt32BE(value.length, p);
  p += value.copy(body, p);
  body.writeInt16BE(0, p);
  return message('B', 4 + body.length, body);
}

When('a logged-in client binds the binary value {string} for a parameter of type {int} in {string}', async function (this: SvcWorld, hex: string, oid: number, sql: string) {
  const value = Buffer.from(hex.replace(/\s+/g, ''), 'hex');
  const c = await sendAfterLogin(this, Buffer.concat([serialize.parse({ text: sql, types: [oid] }), binaryBind(value), serialize.execute(), serialize.sync()]));
  const got = await c.nextOf(['error', 'readyForQuery']);
  pgOf(this).received = got;
});

When('a client starts with protocol version {int}.{int}', async function (this: SvcWorld, major: number, minor: number) {
  const c = await PgRawClient.open(await pgEndpoint(this));
  pgOf(this).raw.push(c);
  const packet = Buffer.alloc(8 + 5 + 6);
  packet.writeInt32BE(packet.length, 0);
  packet.writeInt32BE((major << 16) | minor, 4);
  packet.write('user\0admin\0\0', 8, 'latin1');
  c.send(packet);
  pgOf(this).received = await c.next('error');
});

Then('the client gets a FATAL error with SQLSTATE {string} and the connection is closed', async function (this: SvcWorld, code: string) {
  const error = (pgOf(this).received ?? []).find((m) => m.name === 'error') as DatabaseError | undefined;
  assert.ok(error, 'no ErrorResponse');
  assert.equal(error.severity, 'FATAL', error.message);
  assert.equal(error.code, code, error.message);
  await pgOf(this).raw[pgOf(this).raw.length - 1].closedByServer();
});

Then('the client gets an error with SQLSTATE {string} and the connection stays usable', async function (this: SvcWorld, code: string) {
  const error = (pgOf(this).received ?? []).find((m) => m.name === 'error') as DatabaseError | undefined;
  assert.ok(error, 'no ErrorResponse');
  assert.equal(error.code, code, error.message);
  const c = pgOf(this).raw[pgOf(this).raw.length - 1];
  await c.next('readyForQuery');
  c.send(serialize.query('SELECT 1'));
  await c.next('commandComplete');
});

Then('another PostgreSQL client still gets {string} for {string}', async function (this: SvcWorld, expected: string, sql: string) {
  const c = await pgClient(this);
  const r = await c.query(sql);
  assert.equal(JSON.stringify(r.rows), expected);
});

When('a client starts {string} and disconnects after the first rows arrive', async function (this: SvcWorld, sql: string) {
  const c = await PgRawClient.login(await pgEndpoint(this));
  c.send(serialize.query(sql));
  await c.next('dataRow', 30_000);
  c.socket.destroy();
});

Then('the server has no PostgreSQL connection open within {int} seconds', localOnly('in-process'), async function (this: SvcWorld, seconds: number) {
  const server = await this.ensureStarted();
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const metrics = server.container.resolve(PgMetrics);
    if (metrics.connections === 0) break;
    assert.ok(Date.now() < deadline, `${metrics.connections} PostgreSQL connections still open`);
    await new Promise((r) => setTimeout(r, 50));
  }
});

/** Opens and closes `n` connections, 50 at a time, in a worker thread (the server keeps this thread). */
const CONNECTION_CHURN = `
const { parentPort, workerData } = require('node:worker_threads');
const { connect } = require('node:net');
const { port, n, startup } = workerData;
const one = (k) => new Promise((resolve) => {
  const s = connect(port, '127.0.0.1');
  s.on('error', () => resolve());
  s.on('close', () => resolve());
  s.on('connect', () => { if (k % 2 === 0) s.write(Buffer.from(startup)); s.destroy(); });
});
(async () => {
  for (let k = 0; k < n; k += 50) await Promise.all(Array.from({ length: Math.min(50, n - k) }, (_x, j) => one(k + j)));
  parentPort.postMessage('done');
})();`;

When('{int} connections are opened and closed, some after a start-up message', localOnly('in-process'), async function (this: SvcWorld, n: number) {
  const port = await pgPort(this);
  const tcp = (): number => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
  pgOf(this).baseline = { rss: process.memoryUsage.rss(), handles: tcp() };
  const startup = serialize.startup({ user: 'admin', database: 'qdb' });
  const worker = new Worker(CONNECTION_CHURN, { eval: true, workerData: { port, n, startup: Uint8Array.from(startup) } });
  await new Promise<void>((resolve, reject) => { worker.once('message', () => resolve()); worker.once('error', reject); });
  await worker.terminate();
});

Then('within {int} seconds the TCP handles are back to where they were and the RSS grew by less than {int} MB', localOnly('in-process'),
  async function (this: SvcWorld, seconds: number, mb: number) {
  const before = pgOf(this).baseline;
  assert.ok(before);
  const tcp = (): number => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
  const deadline = Date.now() + seconds * 1000;
  while (tcp() > before.handles && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  assert.ok(tcp() <= before.handles, `${tcp() - before.handles} TCP handles more than before`);
  const grown = (process.memoryUsage.rss() - before.rss) / 2 ** 20;
  assert.ok(grown < mb, `RSS grew by ${grown.toFixed(1)} MB`);
});

/** Opened one after another, so the server sees them in this order. */
When('{int} sockets each send half a start-up packet', async function (this: SvcWorld, n: number) {
  const at = await pgEndpoint(this);
  const half = serialize.startup({ user: 'admin', database: 'qdb' }).subarray(0, 6);
  const s = pgOf(this);
  s.halfOpen = [];
  for (let k = 0; k < n; k++) {
    const c = await PgRawClient.open(at);
    c.send(half);
    s.raw.push(c);
    s.halfOpen.push(c);
  }
});

When('a socket sends a start-up message and no password', async function (this: SvcWorld) {
  const c = await PgRawClient.open(await pgEndpoint(this));
  c.send(serialize.startup({ user: 'admin', database: 'qdb' }));
  await c.next('authenticationCleartextPassword');
  pgOf(this).raw.push(c);
  pgOf(this).halfOpen = [c];
});

Then('within {int} seconds the server has closed the first {int} of those sockets and kept the others open', async function (this: SvcWorld, seconds: number, n: number) {
  const sockets = pgOf(this).halfOpen ?? [];
  await Promise.all(sockets.slice(0, n).map((c) => c.closedByServer(seconds * 1000)));
  await new Promise((r) => setTimeout(r, 200));
  assert.deepEqual(sockets.slice(n).map((c) => c.closed), sockets.slice(n).map(() => false), 'the newer sockets stay open');
});

Then('within {int} seconds the server has closed all of those sockets', async function (this: SvcWorld, seconds: number) {
  await Promise.all((pgOf(this).halfOpen ?? []).map((c) => c.closedByServer(seconds * 1000)));
});
