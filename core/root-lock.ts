/**
 * One server per root. `<dir>/svc.lock` names the owning process (ProcessIdentity as JSON, plus when it
 * started); a second server on the same root refuses to start, naming the root and the owner's pid,
 * because two writers on one table folder lose acknowledged rows.
 *
 * The file appears whole or not at all (written to a temporary name, then hard-linked into place, which
 * fails if the lock exists). A lock left by a process that died (SIGKILL, power loss) is stale and
 * taken over at once when the owner is checkable: same host and pid namespace, and its pid is gone, was
 * reused by another program (other start time) or predates a reboot (other boot id). An owner that
 * cannot be checked (another host or container sharing the volume) keeps the lock while it refreshes
 * the file's modification time, which every owner does every 10 s; after 60 s without refresh it is
 * stale. Taking a stale lock renames it away first and checks that the renamed file is still the stale
 * one, so two starters racing for the same stale lock cannot both win.
 */
import { linkSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SvcError } from './errors';
import { currentProcessIdentity, isProcessAlive, isProcessIdentity, ProcessIdentity, startTicksOf } from './process-identity';

export const LOCK_FILE_NAME = 'svc.lock';
const REFRESH_MS = 10_000;
const FOREIGN_STALE_MS = 60_000;
const ATTEMPTS = 5;

/** Lock files held by this process, so a second in-process server on the same root is refused too. */
const heldHere = new Map<string, RootLock>();
let exitHookInstalled = false;

interface LockOwner extends ProcessIdentity {
  readonly since: string;
}

function isLockOwner(x: unknown): x is LockOwner {
  return isProcessIdentity(x) && typeof (x as { since?: unknown }).since === 'string';
}

export class RootLock {
  private released = false;
  private readonly refresh: NodeJS.Timeout;

  private constructor(readonly path: string, private readonly content: string) {
    this.refresh = setInterval(() => {
      const now = new Date();
      try { utimesSync(this.path, now, now); } catch { /* a missing file is re-checked by the next starter */ }
    }, REFRESH_MS);
    this.refresh.unref();
  }

  /** Takes the lock of `dir` (which must exist) for `root`; throws SvcError when another live server holds it. */
  static acquire(dir: string, root: string = dir): RootLock {
    const path = join(dir, LOCK_FILE_NAME);
    const me = currentProcessIdentity();
    const content = JSON.stringify({ ...me, since: new Date().toISOString() } satisfies LockOwner) + '\n';
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (create(path, content)) {
        const lock = new RootLock(path, content);
        heldHere.set(path, lock);
        installExitHook();
        return lock;
      }
      const text = readText(path);
      if (text === undefined) continue; // released meanwhile
      const owner = parseOwner(text);
      if (owner !== undefined && isHeld(path, owner, me)) throw refusal(root, path, owner);
      takeOverStale(path, text);
    }
    throw new SvcError(`cannot take the lock of root ${root} [lock=${path}]: it kept changing while being checked`);
  }

  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void {
    if (this.released) return;
    this.released = true;
    clearInterval(this.refresh);
    heldHere.delete(this.path);
    if (readText(this.path) === this.content) {
      try { unlinkSync(this.path); } catch { /* already gone */ }
    }
  }
}

/** Creates the lock file with its whole content, or returns false when it exists. */
function create(path: string, content: string): boolean {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, content);
  try {
    linkSync(temp, path);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw e;
    // A file system without hard links: exclusive create (a reader may briefly see it empty).
    try {
      writeFileSync(path, content, { flag: 'wx' });
      return true;
    } catch (e2) {
      if ((e2 as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e2;
    }
  } finally {
    try { unlinkSync(temp); } catch { /* gone */ }
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return isLockOwner(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function isHeld(path: string, owner: LockOwner, me: ProcessIdentity): boolean {
  const checkable = owner.host === me.host && owner.pidNamespace === me.pidNamespace;
  if (!checkable) return Date.now() - modifiedAt(path) < FOREIGN_STALE_MS;
  if (owner.bootId !== undefined && me.bootId !== undefined && owner.bootId !== me.bootId) return false;
  // Our own pid: a server in this process, or a previous process that had the same pid (a container's pid 1).
  if (owner.pid === me.pid) return heldHere.has(path);
  if (!isProcessAlive(owner.pid)) return false;
  const start = startTicksOf(owner.pid);
  return owner.startTicks === undefined || start === undefined || start === owner.startTicks;
}

function modifiedAt(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Moves a stale lock away; puts it back if it turned out to be a fresh lock that replaced the stale one. */
function takeOverStale(path: string, staleText: string): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  if (readText(aside) !== staleText) {
    try { linkSync(aside, path); } catch { /* another lock is in place already */ }
  }
  try { unlinkSync(aside); } catch { /* gone */ }
}

function refusal(root: string, path: string, owner: LockOwner): SvcError {
  return new SvcError(`root ${root} is in use by another svc process [pid=${owner.pid}, host=${owner.host}, `
    + `since=${owner.since}, lock=${path}]: stop that server first (or remove the lock file if that process no longer exists)`);
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => { for (const lock of [...heldHere.values()]) lock.release(); });
}
