import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServerConfig } from '../config/server-config';
import { BusyPoll } from './busy-poll';

const poll = (conf: string): BusyPoll => new BusyPoll(ServerConfig.load({ confText: conf, env: {}, readFile: () => { throw new Error('ENOENT'); } }));
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** One measurement: CPU used while the thread polls for 60 ms, and while it sleeps through 60 ms. */
async function pollingAgainstSleeping(): Promise<{ pollingMs: number; sleepingMs: number }> {
  // The control: the same 60 ms spent sleeping, on the same (possibly loaded) machine.
  const idleCpu = process.cpuUsage();
  const idleStart = performance.now();
  while (performance.now() - idleStart < 60) await sleep(5);
  const idleUsed = process.cpuUsage(idleCpu);
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
  return { pollingMs: (used.user + used.system) / 1000, sleepingMs: (idleUsed.user + idleUsed.system) / 1000 };
}

test('after the last request in flight is answered the thread polls for the configured time, using the CPU', async () => {
  // On an idle machine polling takes most of a core (~50 of 60 ms); on a loaded one the thread gets a share of a
  // core only, so the check is against sleeping through the same time, and a loaded machine gets three tries.
  const seen: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const { pollingMs, sleepingMs } = await pollingAgainstSleeping();
    if (pollingMs > 3 && pollingMs > 4 * sleepingMs) return;
    seen.push(`CPU while polling: ${pollingMs} ms, while sleeping: ${sleepingMs} ms`);
  }
  assert.fail(seen.join('; '));
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
