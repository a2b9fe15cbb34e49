/**
 * The columns of the write-outcome matrix: the ways a write can end. Each says what the server needs before
 * it starts (environment, a process it can kill, a small disk), how big the write is, how the ending is
 * brought about, and what the client must then be told: a success, an error naming the cause, or nothing.
 * Those marked `inBlock` end a transaction block around its COMMIT: its statements answered and COMMIT held
 * back (the client leaves, the disk fills, the server is killed), or COMMIT answered and the server killed.
 */
import { Answer } from './answer';
import { OutcomeServer } from './outcome-server';
import { StartedWrite, StartOptions, WriteKind, WriteSize } from './write-kind';

export interface EndingContext {
  readonly server: OutcomeServer;
  readonly write: WriteKind;
  /** Starts the write (after the ending's own preparation). */
  start(size: WriteSize, options?: StartOptions): Promise<StartedWrite>;
  /** Resolves once the write works on the server (its table has staged rows), or after a second. */
  underWay(): Promise<void>;
  /** SIGKILL and a restart of the server process on the same root. */
  killAndRestart(): Promise<void>;
  /** Fills the disk but for `headroom` bytes; `release` frees it again. */
  fillDisk(headroom: number): Promise<void>;
  /** What the cell checks once the write was answered on a full disk, before the disk is freed (reads). */
  whileFull(): Promise<void>;
  releaseDisk(): Promise<void>;
}

export interface Ending {
  readonly name: string;
  /** The size of write it needs: endless ones are stopped, bounded ones may finish. */
  readonly size: WriteSize;
  readonly env?: Readonly<Record<string, string>>;
  /** The server runs as a child process (SIGKILL) or on a small disk (full disk). */
  readonly server?: 'process' | 'small disk';
  /** The answer the client must get: `either` allows a success over whole data too (a stop that came late). */
  readonly expect: 'success' | 'error' | 'none' | 'none or success';
  /** The error's text, when an error is expected. */
  readonly error?: RegExp;
  /** It ends a transaction block around its COMMIT, so only a WriteKind.block write meets it. */
  readonly inBlock?: boolean;
  run(c: EndingContext): Promise<Answer>;
}

async function cutAfterStart(c: EndingContext, size: WriteSize): Promise<Answer> {
  const w = await c.start(size);
  await w.started;
  await c.underWay();
  w.cut();
  return w.answer;
}

/** A transaction block whose statements have all been answered, its COMMIT not yet sent. */
async function heldBeforeCommit(c: EndingContext, size: WriteSize): Promise<StartedWrite> {
  const w = await c.start(size, { holdCommit: true });
  await w.commitHeld;
  return w;
}

/** The full disk's error, the same text on every wire (docs/errors.md, "Storage exhaustion"). */
export const FULL_DISK = /could not write to disk: no space left on device/;

export const ENDINGS: readonly Ending[] = [
  { name: 'success', size: 'small', expect: 'success', run: async (c) => (await c.start('small')).answer },
  {
    name: 'Statement-Timeout', size: 'endless', expect: 'error', error: /^timeout, query aborted/,
    run: async (c) => (await c.start('endless', { headers: { 'Statement-Timeout': '300' } })).answer,
  },
  {
    name: 'statement_timeout', size: 'endless', expect: 'error', error: /timeout, query aborted/,
    run: async (c) => (await c.start('endless', { settings: { statement_timeout: '300' } })).answer,
  },
  {
    name: 'query.timeout', size: 'endless', expect: 'error', error: /timeout, query aborted/, env: { SVC_QUERY_TIMEOUT: '300ms' },
    run: async (c) => (await c.start('endless')).answer,
  },
  { name: 'client disconnect', size: 'endless', expect: 'none', run: (c) => cutAfterStart(c, c.write.sizes.includes('endless') ? 'endless' : 'big') },
  {
    name: 'client disconnect before COMMIT', size: 'big', expect: 'none', inBlock: true,
    run: async (c) => {
      const w = await heldBeforeCommit(c, 'big');
      w.cut();
      return w.answer;
    },
  },
  {
    name: 'cancel', size: 'endless', expect: 'error', error: /cancelled by user/,
    run: async (c) => {
      const w = await c.start('endless', { queryId: 'outcome-1' });
      await w.started;
      await c.underWay();
      if (!w.cancel) throw new Error(`${c.write.name} cannot be cancelled`);
      await w.cancel();
      return w.answer;
    },
  },
  {
    name: 'cairo.sql.hash.max.memory', size: 'big', expect: 'error', error: /query memory limit exceeded/, env: { SVC_CAIRO_SQL_HASH_MAX_MEMORY: '8m' },
    run: async (c) => (await c.start('big', { hashHeavy: true })).answer,
  },
  {
    // The disk runs out part-way: no write of the big form fits in what is left.
    name: 'full disk', size: 'big', server: 'small disk', expect: 'error', error: FULL_DISK,
    run: async (c) => {
      await c.fillDisk(c.write.fullDiskHeadroom?.('big') ?? (c.write.sizes.includes('endless') ? 2 << 20 : 0));
      try {
        const answer = await (await c.start('big')).answer;
        await c.whileFull();
        return answer;
      } finally {
        await c.releaseDisk();
      }
    },
  },
  {
    name: 'full disk at COMMIT', size: 'small', server: 'small disk', expect: 'error', error: FULL_DISK, inBlock: true,
    run: async (c) => {
      const w = await heldBeforeCommit(c, 'small');
      await c.fillDisk(c.write.fullDiskHeadroom?.('small') ?? 0);
      try {
        w.commit?.();
        const answer = await w.answer;
        await c.whileFull();
        return answer;
      } finally {
        await c.releaseDisk();
      }
    },
  },
  {
    name: 'SIGKILL', size: 'big', server: 'process', expect: 'none or success',
    run: async (c) => {
      const w = await c.start('big');
      await w.started;
      await c.underWay();
      await c.killAndRestart();
      return w.answer;
    },
  },
  {
    name: 'SIGKILL before COMMIT', size: 'big', server: 'process', expect: 'none', inBlock: true,
    run: async (c) => {
      const w = await heldBeforeCommit(c, 'big');
      await c.killAndRestart();
      return w.answer;
    },
  },
  {
    name: 'SIGKILL after COMMIT', size: 'big', server: 'process', expect: 'success', inBlock: true,
    run: async (c) => {
      const answer = await (await c.start('big')).answer;
      await c.killAndRestart();
      return answer;
    },
  },
];

export function endingNamed(name: string): Ending {
  const e = ENDINGS.find((x) => x.name === name);
  if (!e) throw new Error(`no ending "${name}"; the endings are: ${ENDINGS.map((x) => x.name).join(', ')}`);
  return e;
}
