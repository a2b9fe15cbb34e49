/** Clients that hold connections: silent (half-open), slow headers, stalled uploads, oversized heads. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { connect, Socket } from 'node:net';
import { promisify } from 'node:util';
import { After, Then, When } from '@cucumber/cucumber';
import { multipartBody } from '../support/multipart';
import { SvcWorld } from '../support/world';

interface Held {
  readonly socket: Socket;
  /** Resolves with what the server sent when it closed the connection. */
  readonly closed: Promise<{ at: number; received: string }>;
}

const held = new WeakMap<SvcWorld, Held[]>();

function hold(world: SvcWorld, socket: Socket): Held {
  let received = '';
  socket.on('data', (c: Buffer) => { received += c.toString('latin1'); });
  socket.on('error', () => undefined);
  const closed = new Promise<{ at: number; received: string }>((resolve) => socket.once('close', () => resolve({ at: performance.now(), received })));
  const h = { socket, closed };
  const list = held.get(world) ?? [];
  list.push(h);
  held.set(world, list);
  return h;
}

async function open(world: SvcWorld, first?: string | Buffer): Promise<Held> {
  await world.ensureStarted();
  const socket = connect(world.port('API'), '127.0.0.1');
  await new Promise<void>((resolve, reject) => { socket.once('connect', resolve); socket.once('error', reject); });
  const h = hold(world, socket);
  if (first !== undefined) socket.write(first);
  return h;
}

function heldBy(world: SvcWorld): Held[] {
  return held.get(world) ?? [];
}

After(function (this: SvcWorld) {
  for (const h of heldBy(this)) h.socket.destroy();
  held.delete(this);
});

When('{int} clients connect to the API listener and send nothing', async function (this: SvcWorld, n: number) {
  this.values.set('connected at', String(performance.now()));
  for (let i = 0; i < n; i++) await open(this);
});

When('a client sends the request line and half the headers to the API listener', async function (this: SvcWorld) {
  this.values.set('connected at', String(performance.now()));
  await open(this, 'GET /exec?query=select%201 HTTP/1.1\r\nHost: x\r\nX-Slow: ');
});

When('{int} clients start an upload to {string} and stall', async function (this: SvcWorld, n: number, path: string) {
  const { contentType, body } = multipartBody([{ name: 'data', filename: 'slow.csv', contentType: 'text/csv', body: 'a,b\n1,2\n'.repeat(1000) }]);
  this.values.set('connected at', String(performance.now()));
  for (let i = 0; i < n; i++) {
    const head = `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`;
    await open(this, Buffer.concat([Buffer.from(head), body.subarray(0, 200)]));
  }
  // Let the server see the heads (the uploads are now requests in flight).
  await new Promise((r) => setTimeout(r, 300));
});

When('the stalled clients go away', async function (this: SvcWorld) {
  for (const h of heldBy(this)) h.socket.destroy();
  await Promise.all(heldBy(this).map((h) => h.closed));
  await new Promise((r) => setTimeout(r, 200));
});

Then('the server closes every held connection within {int} ms', async function (this: SvcWorld, ms: number) {
  const start = Number(this.values.get('connected at'));
  const list = heldBy(this);
  assert.ok(list.length > 0);
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms + 2000));
  for (const h of list) {
    const closed = await Promise.race([h.closed, timeout]);
    assert.notEqual(closed, 'timeout', 'a connection stayed open');
    if (closed !== 'timeout') assert.ok(closed.at - start <= ms, `closed after ${Math.round(closed.at - start)} ms`);
  }
});

Then('the held connection was answered {string}', async function (this: SvcWorld, statusLine: string) {
  const [h] = heldBy(this);
  const { received } = await h.closed;
  assert.ok(received.startsWith(`${statusLine}\r\n`), received.slice(0, 200));
});

When('a new client sends {string} on its own connection', async function (this: SvcWorld, requestLine: string) {
  const h = await open(this, `${requestLine}\r\nHost: x\r\nConnection: close\r\n\r\n`);
  const { received } = await Promise.race([h.closed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5000))]);
  this.values.set('raw answer', received);
});

Then('that client is answered {string}', function (this: SvcWorld, statusLine: string) {
  const received = this.values.get('raw answer') ?? '';
  assert.ok(received.startsWith(`${statusLine}\r\n`), received.slice(0, 300));
});

Then('that answer has a body of its Content-Length containing {string}', function (this: SvcWorld, text: string) {
  const received = this.values.get('raw answer') ?? '';
  const split = received.indexOf('\r\n\r\n');
  const length = /\r\ncontent-length: (\d+)\r\n/i.exec(received.slice(0, split + 2));
  assert.ok(length, received.slice(0, 300));
  const body = received.slice(split + 4);
  assert.equal(Buffer.byteLength(body, 'latin1'), Number(length[1]));
  assert.ok(body.includes(text), body);
});

When('a client sends a request with a header of {int} bytes', async function (this: SvcWorld, size: number) {
  const h = await open(this, `GET /exec?query=select%201 HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: ${'b'.repeat(size)}\r\n\r\n`);
  const { received } = await h.closed;
  this.values.set('raw answer', received);
});

When('a client uploads {int} rows to {string} with {string}, its body spread over {int} ms', async function (this: SvcWorld, rows: number, path: string, header: string, ms: number) {
  const { contentType, body } = multipartBody([{ name: 'data', filename: 'slow.csv', contentType: 'text/csv', body: `a,b\n${'1,2\n'.repeat(rows)}` }]);
  const h = await open(this, `POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${header}\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`);
  const pieces = 10;
  for (let k = 0; k < pieces; k++) {
    await new Promise((r) => setTimeout(r, ms / pieces));
    if (h.socket.destroyed) break;
    h.socket.write(body.subarray(Math.floor((body.length * k) / pieces), Math.floor((body.length * (k + 1)) / pieces)));
  }
  const { received } = await Promise.race([h.closed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5000))]);
  // The interim `100 Continue` is not the answer.
  this.values.set('raw answer', received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, ''));
});

const run = promisify(execFile);

/** Outcomes of a burst: status codes and socket error codes (ECONNRESET, EPIPE) with their counts. */
const bursts = new WeakMap<SvcWorld, Map<string, number>>();

/**
 * The burst's clients run in a child process: sharing the server's event loop, they could only connect
 * and write in turns with its accepts, which no real burst does.
 */
const BURST_CLIENT = `
const { Agent, get } = require('node:http');
const [port, n, path] = [Number(process.argv[1]), Number(process.argv[2]), process.argv[3]];
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
const outcomes = {};
const count = (k) => { outcomes[k] = (outcomes[k] ?? 0) + 1; };
Promise.all(Array.from({ length: n }, () => new Promise((resolve) => {
  const req = get({ host: '127.0.0.1', port, path, agent }, (res) => {
    res.resume();
    res.on('end', () => { count(String(res.statusCode)); resolve(); });
    res.on('error', (e) => { count(e.code ?? e.message); resolve(); });
  });
  req.setTimeout(30000, () => req.destroy(new Error('no answer within 30 s')));
  req.on('error', (e) => { count(e.code ?? e.message); resolve(); });
}))).then(() => { process.stdout.write(JSON.stringify(outcomes)); agent.destroy(); });
`;

When('{int} clients each send GET {string} on a new connection at once', async function (this: SvcWorld, n: number, path: string) {
  await this.ensureStarted();
  const { stdout } = await run(process.execPath, ['-e', BURST_CLIENT, String(this.port('API')), String(n), path], { timeout: 60_000 });
  const parsed: unknown = JSON.parse(stdout);
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`burst client said ${stdout}`);
  bursts.set(this, new Map(Object.entries(parsed).map(([k, v]) => [k, Number(v)])));
});

Then('every client of the burst was answered {int} or {int}, at least {int} of them {int}',
  function (this: SvcWorld, ok: number, refused: number, least: number, status: number) {
    const outcomes = bursts.get(this);
    if (!outcomes) throw new Error('no burst was sent');
    const seen = JSON.stringify(Object.fromEntries(outcomes));
    for (const k of outcomes.keys()) assert.ok(k === String(ok) || k === String(refused), `outcomes ${seen}`);
    assert.ok((outcomes.get(String(status)) ?? 0) >= least, `outcomes ${seen}`);
  });
