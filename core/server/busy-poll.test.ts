import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServerConfig } from '../config/server-config';
import { BusyPoll } from './busy-poll';

const poll = (conf: string): BusyPoll => new BusyPoll(ServerConfig.load({ confText: conf, env: {}, readFile: () => { throw new Error('ENOENT'); } }));
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

test('after the last request in flight is answered the thread polls for the configured time, using the CPU', async () => {
  const p = poll('net.busy.poll=60');
  p.busy();
  p.busy();
  p.idle();
  assert.equal(p.isPolling, false, 'a request is still in flight');
  const cpu = process.cpuUsage();
  const started = performance.now();
  p.idle();
  assert.equal(p.isPolling, true);
  // Timers still fire while it polls: the event loop turns, it only does not sleep.
  await sleep(20);
  assert.equal(p.isPolling, true);
  while (p.isPolling) await sleep(5);
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  assert.ok(elapsed >= 55 && elapsed < 1000, `polled ${elapsed} ms`);
  assert.ok((used.user + used.system) / 1000 > 30, `CPU while polling: ${(used.user + used.system) / 1000} ms`);
});

/** A request arrives: within a turn of the event loop the thread no longer polls. */
async function arrives(p: BusyPoll): Promise<void> {
  p.busy();
  await turn();
  await turn();
  assert.equal(p.isPolling, false);
}

test('a request arriving stops the polling at once; its answer starts it again', async () => {
  const p = poll('net.busy.poll=5s');
  p.idle();
  assert.equal(p.isPolling, true);
  await arrives(p);
  assert.equal(p.inFlight, 1);
  p.idle();
  assert.equal(p.isPolling, true);
  await arrives(p);
});

test('net.busy.poll=0 never polls, and more answers than requests do not go negative', async () => {
  const p = poll('net.busy.poll=0');
  p.idle();
  p.idle();
  assert.equal(p.isPolling, false);
  assert.equal(p.inFlight, 0);
  p.busy();
  assert.equal(p.inFlight, 1);
});
