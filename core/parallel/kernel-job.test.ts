import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KernelJob, runJob, unclaimed } from './kernel-job';
import { KernelReply, KernelTask } from './kernel-task';

function job(n: number): KernelJob {
  const flag = new Int32Array(new SharedArrayBuffer(8));
  const tasks: KernelTask[] = Array.from({ length: n }, (_x, id) => ({ id, source: '', columns: [], lo: 0, hi: 1, args: [], cancel: flag, memory: flag }));
  return { job: 1, tasks, claim: new Int32Array(new SharedArrayBuffer(4)), collections: 0 };
}

const done = (task: KernelTask): KernelReply => ({ id: task.id, ok: true, output: { selected: task.id }, rows: 1 });

test('a lone worker claims every task, in order', () => {
  const j = job(5);
  const r = runJob(j, done);
  assert.deepEqual(r.indexes, [0, 1, 2, 3, 4]);
  assert.deepEqual(r.replies.map((x) => x.id), [0, 1, 2, 3, 4]);
  assert.equal(unclaimed(j), 0);
  assert.deepEqual(runJob(j, done).indexes, [], 'a worker joining late finds nothing left');
});

test('workers share the claim counter: a task runs once, whoever claims it', () => {
  const j = job(6);
  let other: number[] = [];
  // While the first worker runs task 0, a second one joins and claims everything left.
  const first = runJob(j, (task) => {
    if (task.id === 0) other = [...runJob(j, done).indexes];
    return done(task);
  });
  assert.deepEqual(first.indexes, [0]);
  assert.deepEqual(other, [1, 2, 3, 4, 5]);
});

test('a task that does not finish ends the claiming for every worker of the step', () => {
  for (const reason of ['cancelled', 'memory', 'failed'] as const) {
    const j = job(6);
    const r = runJob(j, (task) => (task.id === 2 ? { id: 2, ok: false, reason, message: reason, rows: 0 } : done(task)));
    assert.deepEqual(r.indexes, [0, 1, 2]);
    assert.equal(r.replies[2].ok, false);
    assert.equal(unclaimed(j), 0);
    assert.deepEqual(runJob(j, done).indexes, []);
  }
});
