/**
 * Health latency while the main thread is busy (the health listener stays
 * responsive; issue: under 50 ms during a long query). The server runs as a separate process so this
 * process can measure while the server's main thread spins.
 */
import assert from 'node:assert/strict';
import { After, Given, Then, When } from '@cucumber/cucumber';
import { Agent } from 'node:http';
import { AddressInfo, connect, createServer, Server, Socket } from 'node:net';
import { percentile } from '../../tools/health-latency';
import { HttpResult, httpRequest } from '../support/http-client';
import { localOnly } from '../support/local-only';
import { SvcWorld } from '../support/world';

interface BusyState {
  busy?: Promise<HttpResult>;
  latencies: number[];
  statuses: number[];
}

const state = new WeakMap<SvcWorld, BusyState>();

function of(world: SvcWorld): BusyState {
  let s = state.get(world);
  if (!s) { s = { latencies: [], statuses: [] }; state.set(world, s); }
  return s;
}


When('the API listener is kept busy by GET {string}', async function (this: SvcWorld, path: string) {
  await this.ready();
  const busy = httpRequest(this.host('API'), this.port('API'), path, { timeoutMs: 60_000 });
  // Handled here too: a scenario that fails before awaiting it must not leave a rejected promise behind.
  busy.catch(() => undefined);
  of(this).busy = busy;
  // Give the request time to reach the server's busy loop.
  await new Promise((r) => setTimeout(r, 200));
});

When('I GET {string} on the min listener every {int} ms for {int} seconds',
  async function (this: SvcWorld, path: string, every: number, seconds: number) {
    const s = of(this);
    // One kept-alive connection, as a load balancer's prober holds: the sample is the answer time, not the
    // machine's TCP set-up cost (this host's 2 cores are shared).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const end = Date.now() + seconds * 1000;
    try {
      while (Date.now() < end) {
        const r = await httpRequest(this.host('min'), this.port('min'), path, { timeoutMs: 10_000, agent });
        s.latencies.push(r.millis);
        s.statuses.push(r.status);
        await new Promise((resolve) => setTimeout(resolve, every));
      }
    } finally {
      agent.destroy();
    }
  });

Then('every health answer was {int} and the p99 latency is under {int} ms', function (this: SvcWorld, status: number, limit: number) {
  const s = of(this);
  assert.ok(s.latencies.length >= 20, `only ${s.latencies.length} samples`);
  assert.ok(s.statuses.every((x) => x === status), `statuses: ${[...new Set(s.statuses)].join(', ')}`);
  const p50 = percentile(s.latencies, 50);
  const p99 = percentile(s.latencies, 99);
  const max = Math.max(...s.latencies);
  const line = `health latency while busy: n=${s.latencies.length} p50=${p50.toFixed(2)} ms p99=${p99.toFixed(2)} ms max=${max.toFixed(2)} ms`;
  this.log(line);
  process.stderr.write(`\n${line}\n`);
  assert.ok(p99 < limit, `p99 ${p99.toFixed(2)} ms (p50 ${p50.toFixed(2)}, max ${max.toFixed(2)})`);
});

Then('the busy request took at least {int} seconds', async function (this: SvcWorld, seconds: number) {
  const busy = of(this).busy;
  assert.ok(busy, 'no busy request');
  const r = await busy;
  assert.equal(r.status, 200);
  assert.ok(r.millis >= seconds * 1000, `took ${r.millis.toFixed(0)} ms`);
});

When('a connection to the API listener is open', async function (this: SvcWorld) {
  await this.ready();
  const socket = connect(this.port('API'), this.host('API'));
  await new Promise<void>((resolve, reject) => { socket.once('connect', resolve); socket.once('error', reject); });
  openSockets.set(this, socket);
  // The server counts the connection when its 'connection' event runs; give it a turn.
  await new Promise((r) => setTimeout(r, 50));
});

const openSockets = new WeakMap<SvcWorld, Socket>();

After(function (this: SvcWorld) {
  openSockets.get(this)?.destroy();
});

When('the server stops', localOnly('process'), async function (this: SvcWorld) {
  const server = this.server;
  assert.ok(server?.minAddress, 'no min listener');
  this.values.set('minPort', String(server.minAddress.port));
  await server.stop();
});

Then('nothing listens on the min listener\'s port', localOnly('process'), async function (this: SvcWorld) {
  const port = Number(this.values.get('minPort'));
  const refused = await new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(false); });
    socket.once('error', () => resolve(true));
  });
  assert.ok(refused, `port ${port} still accepts connections`);
});

const blockers = new WeakMap<SvcWorld, Server>();

Given('the environment variable {string} is 127.0.0.1 with a port in use', localOnly('environment'), async function (this: SvcWorld, name: string) {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  blockers.set(this, blocker);
  this.env[name] = `127.0.0.1:${(blocker.address() as AddressInfo).port}`;
});

After(async function (this: SvcWorld) {
  const blocker = blockers.get(this);
  if (blocker) await new Promise((r) => blocker.close(r));
});

When('I GET {string} on the min listener and give up after {int} ms', async function (this: SvcWorld, path: string, ms: number) {
  await this.ready();
  await assert.rejects(httpRequest(this.host('min'), this.port('min'), path, { timeoutMs: ms }), /timeout/);
});

When('I wait {int} ms', async function (this: SvcWorld, ms: number) {
  await new Promise((r) => setTimeout(r, ms));
});

/** The value of a metric without labels in the min listener's /metrics text. */
async function metricValue(world: SvcWorld, name: string): Promise<number> {
  await world.request('min', '/metrics');
  const text = world.response?.body.toString('utf8') ?? '';
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  assert.ok(line, `no metric ${name} in:\n${text.slice(0, 2000)}`);
  return Number(line.slice(name.length + 1));
}

Then('the metric {string} is {int}', async function (this: SvcWorld, name: string, value: number) {
  assert.equal(await metricValue(this, name), value);
});

Then('the metric {string} is above {int}', async function (this: SvcWorld, name: string, value: number) {
  const actual = await metricValue(this, name);
  assert.ok(actual > value, `${name} is ${actual}`);
});
