import assert from 'node:assert/strict';
import { test } from 'node:test';
import { busyShare, cpuJiffies, settle } from './bench-settle';

test('busy jiffies leave out idle and iowait', () => {
  const j = cpuJiffies(() => 'cpu  100 5 20 800 50 3 2 0 0 0\ncpu0 1 2 3 4\n');
  assert.deepEqual(j, { busy: 130, total: 980 });
  assert.equal(busyShare({ busy: 100, total: 1000 }, { busy: 150, total: 1500 }), 0.1);
  assert.equal(cpuJiffies(() => { throw new Error('no /proc'); }), undefined);
});

test('settle waits for quiet windows in a row, and gives up at its limit', async () => {
  // After the baseline reading: quiet, busy, quiet, quiet — done after the fourth window, two quiet in a row.
  const shares = [0, 0.01, 0.5, 0.02, 0.01, 0.01];
  let busy = 0, total = 0;
  const reader = (): { busy: number; total: number } => { busy += (shares.shift() ?? 0) * 100; total += 100; return { busy, total }; };
  const done = await settle({ busyBelow: 0.05, windowMs: 1, quietWindows: 2, maxMs: 5_000 }, reader);
  assert.equal(done.quiet, true);
  assert.deepEqual(shares, [0.01]);
  let n = 0;
  const alwaysBusy = (): { busy: number; total: number } => { n++; return { busy: n * 100, total: n * 100 }; };
  const gaveUp = await settle({ busyBelow: 0.05, windowMs: 5, quietWindows: 2, maxMs: 60 }, alwaysBusy);
  assert.equal(gaveUp.quiet, false);
  assert.ok(gaveUp.ms >= 60);
});
