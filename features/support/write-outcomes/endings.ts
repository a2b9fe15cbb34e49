/**
 * The columns of the write-outcome matrix: the ways a write can end. Each says what the server needs before
 * it starts (environment, a process it can kill, a small disk), how big the write is, how the ending is
 * brought about, and what the client must then be told: a success, an error naming the cause, or nothing.
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
  readonly expect: 'success' | 'error' | 'none' | 'none or success' | 'error or success';
  /** The error's text, when an error is expected. */
  readonly error?: RegExp;
  run(c: EndingContext): Promise<Answer>;
}

async function cutAfterStart(c: EndingContext, size: WriteSize): Promise<Answer> {
  const w = await c.start(size);
  await w.started;
  await c.underWay();
  w.cut();
  return w.answer;
}

export const ENDINGS: readonly Ending[] = [
  { name: 'success', size: 'small', expect: 'success', run: async (c) => (await c.start('small')).answer },
  {
    name: 'Statement-Timeout', size: 'endless', expect: 'error', error: /^timeout, query aborted/,
    run: async (c) => (await c.start('endless', { headers: { 'Statement-Timeout': '300' } })).answer,
  },
  {
    name: 'query.timeout', size: 'endless', expect: 'error', error: /timeout, query aborted/, env: { SVC_QUERY_TIMEOUT: '300ms' },
    run: async (c) => (await c.start('endless')).answer,
  },
  { name: 'client disconnect', size: 'endless', expect: 'none', run: (c) => cutAfterStart(c, c.write.sizes.includes('endless') ? 'endless' : 'big') },
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
    name: 'full disk', size: 'big', server: 'small disk', expect: 'error or success',
    run: async (c) => {
      await c.fillDisk(c.write.sizes.includes('endless') ? 2 << 20 : 0);
      try {
        return await (await c.start('big')).answer;
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
];

export function endingNamed(name: string): Ending {
  const e = ENDINGS.find((x) => x.name === name);
  if (!e) throw new Error(`no ending "${name}"; the endings are: ${ENDINGS.map((x) => x.name).join(', ')}`);
  return e;
}
