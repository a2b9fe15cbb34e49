/**
 * The TCP line-protocol listener's edges: how the server ends a connection (a clean end of stream after the
 * client's, which acknowledges its lines, or a reset), silent sockets at the connection limit, and QuestDB's
 * key authentication with the official @questdb/nodejs-client.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { connect, Socket } from 'node:net';
import { Given, Then, When } from '@cucumber/cucumber';
import { Sender } from '@questdb/nodejs-client';
import { localOnly } from '../support/local-only';
import { SvcWorld } from '../support/world';

type Ending = 'end' | 'reset' | 'open';

/** A socket and how the server ended it: 'end' (FIN: end of stream), 'reset' (an error such as ECONNRESET) or still 'open'. */
class WatchedSocket {
  ending: Ending = 'open';
  readonly closed: Promise<void>;

  constructor(readonly socket: Socket) {
    socket.on('data', () => undefined);
    socket.on('end', () => { if (this.ending === 'open') this.ending = 'end'; });
    socket.on('error', () => { this.ending = 'reset'; });
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }
}

/** A connected socket; one the server reset before it was even connected counts as reset. */
async function open(world: SvcWorld): Promise<WatchedSocket> {
  await world.ready();
  const watched = new WatchedSocket(connect(world.tcpPort(), world.tcpHost()));
  await Promise.race([new Promise((resolve) => watched.socket.once('connect', resolve)), watched.closed]);
  return watched;
}

const ended = new WeakMap<SvcWorld, WatchedSocket>();
const silent = new WeakMap<SvcWorld, WatchedSocket[]>();

When('I send over TCP, end my side and wait for the server to close:', async function (this: SvcWorld, text: string) {
  const watched = await open(this);
  ended.set(this, watched);
  if (!watched.socket.destroyed) watched.socket.end(text.endsWith('\n') ? text : `${text}\n`);
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
  await Promise.race([watched.closed, timeout]);
});

When('I send {int} lines like {string} over TCP, end my side and wait for the server to close', async function (this: SvcWorld, n: number, template: string) {
  const watched = await open(this);
  ended.set(this, watched);
  const body = Array.from({ length: n }, (_, i) => template.replace(/\{i\}/g, String(i))).join('\n') + '\n';
  if (!watched.socket.destroyed) watched.socket.end(body);
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 30_000).unref());
  await Promise.race([watched.closed, timeout]);
});

Then('the server ended the TCP connection cleanly', function (this: SvcWorld) {
  assert.equal(ended.get(this)?.ending, 'end');
});

Then('the server reset the TCP connection', function (this: SvcWorld) {
  assert.equal(ended.get(this)?.ending, 'reset');
});

When('{int} TCP connections are open that send nothing', async function (this: SvcWorld, n: number) {
  const sockets: WatchedSocket[] = [];
  for (let i = 0; i < n; i++) sockets.push(await open(this));
  silent.set(this, sockets);
});

Then('within {int} ms the server closed {int} of the silent TCP connections', async function (this: SvcWorld, ms: number, n: number) {
  const sockets = silent.get(this) ?? [];
  const deadline = Date.now() + ms;
  const closed = (): number => sockets.filter((s) => s.ending !== 'open').length;
  while (closed() < n && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(closed(), n);
  for (const s of sockets) s.socket.destroy();
});

/** Writes `<root>/conf/authDb.txt` with a new P-256 key for `keyId` and points `line.tcp.auth.db.path` at it. */
Given('TCP line-protocol clients must authenticate, with the key {string} known', localOnly('environment'), function (this: SvcWorld, keyId: string) {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  this.writeRootFile('conf/authDb.txt', `# key id, type, x, y\n${keyId}\tec-p-256-sha256\t${jwk.x}\t${jwk.y}\n`);
  this.env.SVC_LINE_TCP_AUTH_DB_PATH = 'conf/authDb.txt';
  this.values.set(`private key ${keyId}`, String(privateKey.export({ format: 'jwk' }).d));
});

async function sendSigned(world: SvcWorld, table: string, keyId: string, token: string): Promise<void> {
  await world.ready();
  const sender = await Sender.fromConfig(`tcp::addr=${world.tcpHost()}:${world.tcpPort()};username=${keyId};token=${token}`, { log: () => undefined });
  try {
    await sender.connect();
    sender.table(table).symbol('k', 'a').intColumn('v', 1);
    await sender.at(1700000000000000000n, 'ns');
    await sender.flush();
    // The client writes and forgets: give the server the time to read before the socket goes.
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    await sender.close();
  }
}

When('the official client writes a row to {string} over TCP as {string}', async function (this: SvcWorld, table: string, keyId: string) {
  const token = this.values.get(`private key ${keyId}`);
  assert.ok(token !== undefined, `no key ${keyId}`);
  await sendSigned(this, table, keyId, token);
});

When('the official client writes a row to {string} over TCP as {string} with another key', async function (this: SvcWorld, table: string, keyId: string) {
  const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  await sendSigned(this, table, keyId, String(other.d)).catch(() => undefined);
});
