import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { WarmWorkerPool } from './warm-worker-pool';

const dir = mkdtempSync(join(tmpdir(), 'svc-warm-'));
const script = join(dir, 'echo.js');
writeFileSync(script, "require('node:worker_threads').parentPort.on('message', (m) => require('node:worker_threads').parentPort.postMessage(m));");
after(() => rmSync(dir, { recursive: true, force: true }));

// A terminating or waiting (unreferenced) worker holds nothing open: this keeps the test's loop running.
const alive = setInterval(() => undefined, 1_000);
after(() => clearInterval(alive));

const echo = (w: Worker, m: number): Promise<unknown> => new Promise((resolve) => { w.once('message', resolve); w.postMessage(m); });
const exited = (w: Worker): Promise<number> => new Promise((resolve) => w.once('exit', resolve));

test('a healthy worker waits for the next job; a failed one, and one past maxIdle, are ended', async () => {
  const pool = new WarmWorkerPool('test', script, 1, 60_000);
  const a = pool.lease();
  assert.equal(await echo(a, 1), 1);
  pool.release(a, true);
  assert.equal(pool.idleCount, 1);
  assert.equal(pool.lease(), a, 'the waiting worker takes the next job');
  const b = pool.lease();
  assert.notEqual(b, a);
  pool.release(a, true);
  const bEnded = exited(b);
  pool.release(b, true);
  assert.equal(pool.idleCount, 1, 'one waits at most');
  await bEnded;
  // The waiting worker (a) takes this job, which fails: it is ended, not kept.
  const c = pool.lease();
  assert.equal(c, a);
  assert.equal(await echo(c, 2), 2);
  const cEnded = exited(c);
  pool.release(c, false);
  await cEnded;
  assert.equal(pool.idleCount, 0);
  const d = pool.lease();
  assert.equal(await echo(d, 3), 3);
  const dEnded = exited(d);
  pool.release(d, true);
  await pool.stop();
  await dEnded;
  assert.equal(pool.idleCount, 0);
});

test('a waiting worker is ended after idleMs', async () => {
  const pool = new WarmWorkerPool('test', script, 2, 50);
  const w = pool.lease();
  const ended = exited(w);
  pool.release(w, true);
  assert.equal(pool.idleCount, 1);
  await ended;
  assert.equal(pool.idleCount, 0);
  await pool.stop();
});
