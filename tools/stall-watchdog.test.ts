import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StallWatchdog } from './stall-watchdog';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

test('a run that keeps finishing tests never stalls; one that stops does, once', async () => {
  const stalls: number[] = [];
  const dog = new StallWatchdog(60, (idle) => stalls.push(idle), 10);
  for (let k = 0; k < 8; k++) { await sleep(20); dog.touch(); }
  assert.deepEqual(stalls, []);
  await sleep(150);
  assert.equal(stalls.length, 1);
  assert.ok(stalls[0] >= 60);
  dog.stop();
});
