import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { currentProcessIdentity } from './process-identity';
import { LOCK_FILE_NAME, RootLock } from './root-lock';

function withRoot(run: (dir: string) => void | Promise<void>): () => Promise<void> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-lock-'));
    try { await run(dir); } finally { rmSync(dir, { recursive: true, force: true }); }
  };
}

const writeOwner = (dir: string, owner: Record<string, unknown>): void =>
  writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ since: '2020-01-01T00:00:00.000Z', ...owner }));

test('a second lock on the same root in this process is refused, naming the root and the pid', withRoot((dir) => {
  const lock = RootLock.acquire(dir);
  assert.throws(() => RootLock.acquire(dir), new RegExp(`^SvcError: root ${dir} is in use by another svc process \\[pid=${process.pid}, `));
  lock.release();
  assert.equal(existsSync(join(dir, LOCK_FILE_NAME)), false);
  RootLock.acquire(dir).release();
}));

test('the lock file names the owner', withRoot((dir) => {
  const lock = RootLock.acquire(dir);
  const owner = JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number; host: string };
  assert.deepEqual([owner.pid, owner.host], [process.pid, hostname()]);
  lock.release();
}));

test('a lock left by a process that is gone is taken over', withRoot((dir) => {
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  writeOwner(dir, { ...currentProcessIdentity(), pid: gone, startTicks: undefined });
  RootLock.acquire(dir).release();
}));

test('a lock whose pid now belongs to another program (other start time) is taken over', withRoot((dir) => {
  writeOwner(dir, { ...currentProcessIdentity(), pid: process.ppid, startTicks: '1' });
  const me = currentProcessIdentity();
  if (me.startTicks === undefined) assert.throws(() => RootLock.acquire(dir), /in use/); // no /proc: the pid alone decides
  else RootLock.acquire(dir).release();
}));

test('a lock from an earlier process with our own pid (a container restart) is taken over', withRoot((dir) => {
  writeOwner(dir, { ...currentProcessIdentity(), startTicks: undefined });
  RootLock.acquire(dir).release();
}));

test('a lock from another host holds while it is refreshed and is stale after 60 s', withRoot((dir) => {
  writeOwner(dir, { pid: 4242, host: 'elsewhere' });
  assert.throws(() => RootLock.acquire(dir), /\[pid=4242, host=elsewhere, /);
  const old = new Date(Date.now() - 61_000);
  utimesSync(join(dir, LOCK_FILE_NAME), old, old);
  RootLock.acquire(dir).release();
}));

test('an unreadable lock file is stale', withRoot((dir) => {
  writeFileSync(join(dir, LOCK_FILE_NAME), 'garbage');
  RootLock.acquire(dir).release();
}));

test('release leaves a lock that is no longer ours alone', withRoot((dir) => {
  const lock = RootLock.acquire(dir);
  writeOwner(dir, { pid: 4242, host: 'elsewhere' });
  lock.release();
  assert.equal(existsSync(join(dir, LOCK_FILE_NAME)), true);
}));

test('a lock held by another live process is refused with that pid', withRoot(async (dir) => {
  const script = `const { RootLock } = require(${JSON.stringify(join(__dirname, 'root-lock.js'))});
    RootLock.acquire(${JSON.stringify(dir)}); process.stdout.write('locked\\n'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  assert.throws(() => RootLock.acquire(dir), new RegExp(`in use by another svc process \\[pid=${child.pid}, `));
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
  RootLock.acquire(dir).release();
}));
