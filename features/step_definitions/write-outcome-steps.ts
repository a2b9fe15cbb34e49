/**
 * The write-outcome matrix (features/write-outcomes.feature): a write (a statement or route that writes,
 * features/support/write-outcomes) ends a given way (success, a timeout, a disconnect, a cancel, a memory
 * limit, a full disk, SIGKILL; a transaction block also around its COMMIT), and what its table then holds
 * must agree with what its client was told: all of it and a success, or none of it and an error; with no
 * answer at all, all or none, and none for a transaction block whose COMMIT was never sent. A full-disk cell
 * also checks how the server took it: the disk-full answer, an Error line and no Critical one, reads served
 * while the disk was full, and the same write succeeding once it had room (full-disk-aftermath.ts).
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { After, Then, When } from '@cucumber/cucumber';
import { ErrorCounter } from '../../core/metrics/error-counter';
import { localOnly } from '../support/local-only';
import { SvcWorld } from '../support/world';
import { Answer, describeAnswer } from '../support/write-outcomes/answer';
import { Ending, endingNamed } from '../support/write-outcomes/endings';
import { describeWriteAgain, READ_TABLE_SQL, readWhileFull, writeAgain } from '../support/write-outcomes/full-disk-aftermath';
import { OutcomeServer } from '../support/write-outcomes/outcome-server';
import { SmallDisk } from '../support/write-outcomes/small-disk';
import { pause, Visibility, WriteKind } from '../support/write-outcomes/write-kind';
import { writeNamed } from '../support/write-outcomes/writes';

interface Outcome {
  readonly write: WriteKind;
  readonly ending: Ending;
  readonly answer: Answer;
  readonly visible: Visibility;
  readonly fullDisk?: FullDiskOutcome;
}

/** How the server took a full disk, noted before the cell's server stops. */
interface FullDiskOutcome {
  /** The small disk's folder (the server's `db`). */
  readonly dir: string;
  /** What was wrong with the read while the disk was full ('' when it was right), or undefined when none ran. */
  readonly readProblem: string | undefined;
  /** The same write's small form, once the disk had room again. */
  readonly again: Answer;
  /** `svc_unhandled_errors_total` at the end of the cell. */
  readonly unhandled: number;
}

const outcomes = new WeakMap<SvcWorld, Outcome>();
const disks = new WeakMap<SvcWorld, SmallDisk>();

/** A cell must not hang the run: a write that neither ends nor can be stopped fails here. */
const CELL_TIMEOUT_MS = 150_000;

async function withTimeout<T>(what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} took over ${CELL_TIMEOUT_MS} ms`)), CELL_TIMEOUT_MS); });
  try { return await Promise.race([p, limit]); } finally { clearTimeout(timer); }
}

async function startServer(world: SvcWorld, ending: Ending): Promise<void> {
  Object.assign(world.env, ending.env ?? {});
  if (ending.server === 'process') { await world.spawnServer(); return; }
  if (ending.server === 'small disk') {
    const disk = new SmallDisk(join(world.root, 'db'));
    disks.set(world, disk);
    disk.mount();
  }
  await world.ensureStarted();
}

When('the write {string} ends by {string}', localOnly('process'), async function (this: SvcWorld, writeName: string, endingName: string) {
  const write = writeNamed(writeName), ending = endingNamed(endingName);
  const size = ending.name === 'client disconnect' && !write.sizes.includes('endless') ? 'big' : ending.size;
  assert.ok(write.sizes.includes(size), `${write.name} has no ${size} form, which "${ending.name}" needs: leave the cell out`);
  assert.ok(!ending.inBlock || write.block, `${write.name} is no transaction block, which "${ending.name}" needs: leave the cell out`);
  await startServer(this, ending);
  const server = new OutcomeServer(this);
  await write.prepare(server, size);
  const disk = disks.get(this);
  if (disk) await server.script(READ_TABLE_SQL);
  let readProblem: string | undefined;
  const answer = await withTimeout(`${write.name} ended by ${ending.name}`, ending.run({
    server, write,
    start: (s, options) => write.start(server, s, options ?? {}),
    underWay: async () => {
      const until = Date.now() + 1000;
      while (Date.now() < until && !server.stagedData(write.table)) await pause(20);
    },
    killAndRestart: async () => {
      assert.ok(this.serverProcess, 'no server process');
      await this.serverProcess.kill();
      await this.spawnServer();
    },
    fillDisk: async (headroom) => { assert.ok(disk, 'no small disk'); disk.fill(headroom); },
    whileFull: async () => { readProblem = await readWhileFull(server) ?? ''; },
    releaseDisk: async () => { disk?.release(); },
  }));
  // The client may be gone while the server still works on the write: its outcome is what the table holds
  // once nothing writes it any more.
  if (write.settles) await write.settles(server, size);
  else await server.untilWritten(write.table);
  const visible = await write.visible(server, size);
  let fullDisk: FullDiskOutcome | undefined;
  if (disk) {
    const again = await withTimeout(`${write.name} written again`, writeAgain(server, write));
    fullDisk = { dir: disk.dir, readProblem, again, unhandled: this.server?.container.resolve(ErrorCounter).count ?? -1 };
  }
  outcomes.set(this, { write, ending, answer, visible, fullDisk });
  if (disk) {
    // The World removes the root after each scenario: the tmpfs goes first, with the server that holds it.
    await this.server?.stop();
    this.server = undefined;
    disk.unmount();
  }
});

Then('the write is wholly there or wholly absent, as its answer says', function (this: SvcWorld) {
  const o = outcomes.get(this);
  assert.ok(o, 'no write ended');
  const { answer, visible, ending, write } = o;
  const seen = `${write.name} ended by ${ending.name}: ${describeAnswer(answer)}, and the table shows ${describeVisible(visible)}`;
  assert.notEqual(visible.kind, 'partial', seen);
  if (answer.kind === 'success') assert.equal(visible.kind, 'whole', seen);
  if (answer.kind === 'error') assert.equal(visible.kind, 'none', seen);
  // A transaction block whose client never sent COMMIT: none of it may remain.
  if (answer.kind === 'none' && answer.uncommitted) assert.equal(visible.kind, 'none', seen);
  if (visible.kind === 'lines') assert.ok(write.silent, seen);
  const expect = write.silent ? 'none' : ending.expect;
  const allowed = expect === 'none or success' ? ['none', 'success'] : [expect];
  assert.ok(allowed.includes(answer.kind), `${seen}; expected ${expect}`);
  if (answer.kind === 'error' && ending.error) assert.match(answer.message, ending.error, seen);
});

function fullDiskOutcome(world: SvcWorld): Outcome & { fullDisk: FullDiskOutcome } {
  const o = outcomes.get(world);
  assert.ok(o?.fullDisk, 'no write ended on a full disk');
  return o as Outcome & { fullDisk: FullDiskOutcome };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// docs/errors.md, "Storage exhaustion": 507 over HTTP, SQLSTATE 53100 over PostgreSQL, the file in the message.
Then('its client was told the disk is full, in its API\'s words', function (this: SvcWorld) {
  const { answer, write, fullDisk } = fullDiskOutcome(this);
  if (write.wire === 'tcp') { assert.equal(answer.kind, 'none', describeAnswer(answer)); return; }
  assert.ok(answer.kind === 'error', describeAnswer(answer));
  assert.equal(answer.code, write.wire === 'http' ? '507' : '53100', describeAnswer(answer));
  const named = new RegExp(`could not write to disk: no space left on device \\[path=${escapeRegExp(fullDisk.dir)}/[^\\]]+\\]`);
  assert.match(answer.message, named, describeAnswer(answer));
});

Then('the log has an Error line for the full disk, no Critical line, and no unhandled error was counted', function (this: SvcWorld) {
  const { fullDisk } = fullDiskOutcome(this);
  assert.doesNotMatch(this.console, /^\S+ C /m);
  assert.match(this.console, /^\S+ E .*could not write to disk: no space left on device/m);
  assert.equal(fullDisk.unhandled, 0, 'svc_unhandled_errors_total');
});

Then('reads were answered while the disk was full', function (this: SvcWorld) {
  const { readProblem } = fullDiskOutcome(this).fullDisk;
  assert.notEqual(readProblem, undefined, 'no read ran while the disk was full');
  assert.equal(readProblem, '');
});

Then('once the disk had room again, the same write succeeded without a restart', function (this: SvcWorld) {
  const { again } = fullDiskOutcome(this).fullDisk;
  assert.equal(again.kind, 'success', describeWriteAgain(again));
});

function describeVisible(v: Visibility): string {
  switch (v.kind) {
    case 'none': return 'none of it';
    case 'whole': return 'all of it';
    case 'lines': return `its first ${v.rows} lines`;
    case 'partial': return `part of it (${v.what})`;
  }
}

After(async function (this: SvcWorld) {
  // A cell that failed with its tmpfs still mounted: the World's clean-up ran first and could not remove it.
  const disk = disks.get(this);
  if (!disk) return;
  await this.server?.stop();
  disk.unmount();
  rmSync(this.root, { recursive: true, force: true });
});
