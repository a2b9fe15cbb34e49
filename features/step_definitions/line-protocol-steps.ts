/**
 * Line protocol in the API's words: lines POSTed to /write (plain, gzip, chunked, with credentials), lines
 * over a TCP socket, and the official @questdb/nodejs-client writing over HTTP and TCP.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { Then, When } from '@cucumber/cucumber';
import { Sender } from '@questdb/nodejs-client';
import { localOnly } from '../support/local-only';
import { SvcWorld } from '../support/world';

function lines(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

When('I write the lines:', async function (this: SvcWorld, text: string) {
  await this.request('API', '/write', { method: 'POST', body: lines(text) });
});

When('I write the lines without a final line end:', async function (this: SvcWorld, text: string) {
  await this.request('API', '/write', { method: 'POST', body: text.replace(/\n$/, '') });
});

When('I POST to {string} the lines:', async function (this: SvcWorld, path: string, text: string) {
  await this.request('API', path, { method: 'POST', body: lines(text) });
});

When('I write the lines as {string} with password {string}:', async function (this: SvcWorld, user: string, password: string, text: string) {
  await this.request('API', '/write', { method: 'POST', body: lines(text), headers: { Authorization: basic(user, password) } });
});

When('I write the lines with the bearer token {string}:', async function (this: SvcWorld, token: string, text: string) {
  await this.request('API', '/write', { method: 'POST', body: lines(text), headers: { Authorization: `Bearer ${token}` } });
});

When('I write the gzip-compressed lines:', async function (this: SvcWorld, text: string) {
  await this.request('API', '/write', { method: 'POST', body: gzipSync(lines(text)), headers: { 'Content-Encoding': 'gzip' } });
});

When('I write a gzip body that inflates to {int} MB of blank lines', async function (this: SvcWorld, mb: number) {
  const body = gzipSync(Buffer.alloc(mb * 1024 * 1024, 0x0a), { level: 9 });
  await this.request('API', '/write', { method: 'POST', body, headers: { 'Content-Encoding': 'gzip' } });
});

When('I write a body with the header {string} set to {string}', async function (this: SvcWorld, name: string, value: string) {
  await this.request('API', '/write', { method: 'POST', body: 'not gzip at all\n', headers: { [name]: value } });
});

When('I write {int} bytes of random data', async function (this: SvcWorld, n: number) {
  let x = 12345;
  const body = Buffer.alloc(n);
  for (let i = 0; i < n; i++) { x = (x * 1103515245 + 12345) & 0x7fffffff; body[i] = x >> 16; }
  await this.request('API', '/write', { method: 'POST', body });
});

When('I write one line with a {int} MB string value', async function (this: SvcWorld, mb: number) {
  const body = Buffer.concat([Buffer.from('big s="'), Buffer.alloc(mb * 1024 * 1024, 0x61), Buffer.from('"\n')]);
  await this.request('API', '/write', { method: 'POST', body });
});

When('I write {int} lines like {string}', async function (this: SvcWorld, n: number, template: string) {
  const body = Array.from({ length: n }, (_, i) => template.replace(/\{i\}/g, String(i))).join('\n') + '\n';
  await this.request('API', '/write', { method: 'POST', body });
});

/** A body large enough that its first rows reach storage (uncommitted) while its end is still parsed. */
When('I write {int} lines like {string} and then the lines:', async function (this: SvcWorld, n: number, template: string, text: string) {
  const body = Array.from({ length: n }, (_, i) => template.replace(/\{i\}/g, String(i))).join('\n') + '\n' + lines(text);
  await this.request('API', '/write', { method: 'POST', body });
});

/** The lines go out in 64 KiB writes a turn apart, so the server parses and stores them in several steps. */
When('I send over TCP {int} lines like {string} and then the lines:', async function (this: SvcWorld, n: number, template: string, text: string) {
  const client = tcpClients.get(this) ?? await openTcp(this);
  tcpClients.set(this, client);
  const body = Buffer.from(Array.from({ length: n }, (_, i) => template.replace(/\{i\}/g, String(i))).join('\n') + '\n' + lines(text));
  for (let at = 0; at < body.length && !client.socket.destroyed; at += 65536) {
    client.socket.write(body.subarray(at, at + 65536));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
});

When('I write the lines in chunks of {int} bytes:', async function (this: SvcWorld, size: number, text: string) {
  await this.ready();
  const body = Buffer.from(lines(text));
  this.response = await new Promise((resolve, reject) => {
    const req = request({ host: this.host('API'), port: this.port('API'), path: '/write', method: 'POST', agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reason: res.statusMessage ?? '', headers: [], body: Buffer.concat(chunks), millis: 0 }));
    });
    req.on('error', reject);
    const send = (at: number): void => {
      if (at >= body.length) { req.end(); return; }
      req.write(body.subarray(at, at + size));
      setImmediate(() => send(at + size));
    };
    send(0);
  });
});

Then('the line protocol error is {string} on line {int}', function (this: SvcWorld, code: string, line: number) {
  const body = errorBody(this);
  assert.equal(body.code, code);
  assert.equal(body.line, line);
  assert.match(String(body.errorId), /^[0-9a-f]{12}-\d+$/);
});

Then('the line protocol error is {string} without a line', function (this: SvcWorld, code: string) {
  const body = errorBody(this);
  assert.equal(body.code, code);
  assert.equal('line' in body, false);
});

/** `\n` in the expected text stands for the line break QuestDB puts before `error in line`. */
Then('the error message is {string}', function (this: SvcWorld, message: string) {
  assert.equal(errorBody(this).message, message.replace(/\\n/g, '\n'));
});

Then('the error message ends with {string}', function (this: SvcWorld, suffix: string) {
  const message = String(errorBody(this).message);
  assert.ok(message.endsWith(suffix), message);
});

function errorBody(world: SvcWorld): Record<string, unknown> {
  const text = world.response?.body.toString('utf8') ?? '';
  const parsed: unknown = JSON.parse(text);
  assert.ok(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed), text);
  return parsed as Record<string, unknown>;
}

/** A raw TCP client: what it sent, and whether the server closed the connection. */
class TcpClient {
  closedByServer = false;
  readonly closed: Promise<void>;

  constructor(readonly socket: Socket) {
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('end', () => { this.closedByServer = true; });
    socket.on('error', () => { this.closedByServer = true; });
  }
}

/** Watches the socket from the start: a server may reset a connection right after accepting it. */
async function openTcp(world: SvcWorld): Promise<TcpClient> {
  await world.ready();
  const socket = connect(world.tcpPort(), world.tcpHost());
  const client = new TcpClient(socket);
  await Promise.race([new Promise((resolve) => socket.once('connect', resolve)), client.closed]);
  return client;
}

const tcpClients = new WeakMap<SvcWorld, TcpClient>();

When('I send over TCP and close the connection:', async function (this: SvcWorld, text: string) {
  const client = await openTcp(this);
  client.socket.end(lines(text));
  await client.closed;
});

When('I send over TCP:', async function (this: SvcWorld, text: string) {
  const client = tcpClients.get(this) ?? await openTcp(this);
  tcpClients.set(this, client);
  client.socket.write(lines(text));
});

/** `\n` in the text is a line end. */
When('I send over TCP the bytes {string}', async function (this: SvcWorld, text: string) {
  const client = tcpClients.get(this) ?? await openTcp(this);
  tcpClients.set(this, client);
  client.socket.write(text.replace(/\\n/g, '\n'));
});

When('I open a TCP connection and send nothing', async function (this: SvcWorld) {
  tcpClients.set(this, await openTcp(this));
});

Then('within {int} ms the server closes the TCP connection', async function (this: SvcWorld, ms: number) {
  const client = tcpClients.get(this);
  assert.ok(client, 'no TCP connection');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());
  assert.notEqual(await Promise.race([client.closed.then(() => 'closed' as const), timeout]), 'timeout');
  assert.equal(client.closedByServer, true);
});

Then('after {int} ms the TCP connection is still open', async function (this: SvcWorld, ms: number) {
  const client = tcpClients.get(this);
  assert.ok(client, 'no TCP connection');
  await new Promise((resolve) => setTimeout(resolve, ms));
  assert.equal(client.socket.destroyed, false);
  client.socket.destroy();
});

Then('within {int} ms the query {string} answers the dataset {string}', async function (this: SvcWorld, ms: number, sql: string, expected: string) {
  await awaitDataset(this, ms, sql, expected);
});

Then('within {int} ms the query {string} answers the dataset:', async function (this: SvcWorld, ms: number, sql: string, expected: string) {
  await awaitDataset(this, ms, sql, expected.trim());
});

/** Polls /exec until the dataset text equals `expected` (TCP rows are committed asynchronously). */
async function awaitDataset(world: SvcWorld, ms: number, sql: string, expected: string): Promise<void> {
  const deadline = Date.now() + ms;
  let last = '';
  for (;;) {
    const r = await world.request('API', `/exec?query=${encodeURIComponent(sql)}`);
    const body = r.body.toString('utf8');
    last = body.slice(body.indexOf('"dataset":') + '"dataset":'.length, body.indexOf(',"count":'));
    if (last === expected || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(last, expected);
}

/** `{api}` and `{tcp}` in a client configuration string become the listeners' addresses. */
function clientConfig(world: SvcWorld, config: string): string {
  return config.replace('{api}', () => `${world.host('API')}:${world.port('API')}`)
    .replace('{tcp}', () => `${world.tcpHost()}:${world.tcpPort()}`);
}

/**
 * Two rows of every type the client writes: the second leaves out most columns (they must read NULL) and
 * gives a NaN double (NULL too). `withArray` adds a 2×2 DOUBLE array (protocol 2 and later).
 */
async function sendSampleRows(world: SvcWorld, table: string, config: string, withArray: boolean): Promise<void> {
  await world.ready();
  const sender = await Sender.fromConfig(clientConfig(world, config), { log: () => undefined });
  try {
    if (config.startsWith('tcp')) await sender.connect();
    sender.table(table).symbol('sensor', 's1').symbol('site', 'north').floatColumn('temp', 21.5).intColumn('count', 7)
      .stringColumn('note', 'line "one", \\ and\nmore').booleanColumn('ok', true).timestampColumn('seen', 1700000000123456n, 'us');
    if (withArray) sender.arrayColumn('grid', [[1.5, 2], [3, -4.25]]);
    await sender.at(1700000000000001000n, 'ns');
    sender.table(table).symbol('sensor', 's2').floatColumn('temp', NaN).booleanColumn('ok', false);
    await sender.at(1700000001000000n, 'us');
    await sender.flush();
  } finally {
    await sender.close();
  }
}

When('the official client sends the sample rows to {string} with {string}', async function (this: SvcWorld, table: string, config: string) {
  await sendSampleRows(this, table, config, false);
});

When('the official client sends the sample rows with an array to {string} with {string}', async function (this: SvcWorld, table: string, config: string) {
  await sendSampleRows(this, table, config, true);
});

When('the official client sends a row to {string} with {string}, I remember the error', async function (this: SvcWorld, table: string, config: string) {
  this.values.delete('client error');
  try {
    await sendSampleRows(this, table, config, false);
  } catch (e) {
    this.values.set('client error', e instanceof Error ? e.message : String(e));
  }
});

Then('the client error contains {string}', function (this: SvcWorld, text: string) {
  const error = this.values.get('client error');
  assert.ok(error !== undefined, 'the client reported no error');
  assert.ok(error.includes(text), error);
});

When('I open a second TCP connection', async function (this: SvcWorld) {
  this.values.set('second', 'open');
  secondClients.set(this, await openTcp(this));
});

const secondClients = new WeakMap<SvcWorld, TcpClient>();

Then('within {int} ms the server closes the second TCP connection', async function (this: SvcWorld, ms: number) {
  const client = secondClients.get(this);
  assert.ok(client, 'no second TCP connection');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());
  assert.notEqual(await Promise.race([client.closed.then(() => 'closed' as const), timeout]), 'timeout');
  tcpClients.get(this)?.socket.destroy();
});

When('the server restarts', localOnly('process'), async function (this: SvcWorld) {
  await this.server?.stop();
  this.server = undefined;
  await this.ensureStarted();
});

When('I write one line with {int} fields to {string}', async function (this: SvcWorld, n: number, table: string) {
  const fields = Array.from({ length: n }, (_, i) => `f${i}=${i}i`).join(',');
  await this.request('API', '/write', { method: 'POST', body: `${table} ${fields}\n` });
});

When('the server process is killed with SIGKILL and started again', localOnly('process'), async function (this: SvcWorld) {
  assert.ok(this.serverProcess, 'no server process');
  await this.serverProcess.kill();
  await this.spawnServer();
});

When('{int} clients each write {int} lines like {string} at once', async function (this: SvcWorld, clients: number, n: number, template: string) {
  await this.ready();
  const results = await Promise.all(Array.from({ length: clients }, (_, c) => {
    const body = Array.from({ length: n }, (_, i) => template.replace(/\{c\}/g, String(c)).replace(/\{i\}/g, String(i))).join('\n') + '\n';
    return this.request('API', '/write', { method: 'POST', body });
  }));
  this.values.set('statuses', results.map((r) => r.status).join(','));
});

When('{int} TCP connections each send {int} lines like {string} and close', async function (this: SvcWorld, clients: number, n: number, template: string) {
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    const client = await openTcp(this);
    client.socket.end(Array.from({ length: n }, (_, i) => template.replace(/\{c\}/g, String(c)).replace(/\{i\}/g, String(i))).join('\n') + '\n');
    await client.closed;
  }));
});

Then('every answer was {int}', function (this: SvcWorld, status: number) {
  for (const s of (this.values.get('statuses') ?? '').split(',')) assert.equal(Number(s), status);
});

/** Decimals of every shape the client sends: text, binary (negative, wide, NULL) and absent. */
When('the official client sends decimals to {string} with {string}', async function (this: SvcWorld, table: string, config: string) {
  await this.ready();
  const sender = await Sender.fromConfig(clientConfig(this, config), { log: () => undefined });
  try {
    if (config.startsWith('tcp')) await sender.connect();
    sender.table(table).symbol('sym', 'a').decimalColumnText('price', '123.45').decimalColumn('qty', 12345n, 3)
      .decimalColumn('wide', -1234567890123456789012345678900000000001n, 10).stringColumn('note', 'x');
    await sender.at(1700000000000000n, 'us');
    sender.table(table).symbol('sym', 'b').decimalColumnText('price', -0.5).decimalColumn('qty', new Int8Array(0), 3);
    await sender.at(1700000001000000n, 'us');
    sender.table(table).symbol('sym', 'c').decimalColumn('price', 7n, 0).decimalColumnText('qty', '1e-3').decimalColumn('wide', 0n, 0);
    await sender.at(1700000002000000n, 'us');
    await sender.flush();
  } finally {
    await sender.close();
  }
});

When('the official client sends a decimal, a double and an array to {string} with {string}', async function (this: SvcWorld, table: string, config: string) {
  await this.ready();
  const sender = await Sender.fromConfig(clientConfig(this, config), { log: () => undefined });
  try {
    sender.table(table).symbol('sym', 's1').decimalColumn('bid', 261554n, 2).floatColumn('temp', 21.5).arrayColumn('grid', [[1.5, 2], [3, -4.25]]);
    await sender.at(1700000000000000n, 'us');
    await sender.flush();
  } finally {
    await sender.close();
  }
});
