/**
 * The write-outcome matrix (features/write-outcomes.feature): a write (a statement or route that writes,
 * features/support/write-outcomes) ends a given way (success, a timeout, a disconnect, a cancel, a memory
 * limit, a full disk, SIGKILL; a transaction block also around its COMMIT), and what its table then holds
 * must agree with what its client was told: all of it and a success, or none of it and an error; with no
 * answer at all, all or none, and none for a transaction block whose COMMIT was never sent.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { After, Then, When } from '@cucumber/cucumber';
import { localOnly } from '../support/local-only';
import { SvcWorld } from '../support/world';
import { Answer, describeAnswer } from '../support/write-outcomes/answer';
import { Ending, endingNamed } from '../support/write-outcomes/endings';
import { OutcomeServer } from '../support/write-outcomes/outcome-server';
import { SmallDisk } from '../support/write-outcomes/small-disk';
import { pause, Visibility, WriteKind } from '../support/write-outcomes/write-kind';
import { writeNamed } from '../support/write-outcomes/writes';

interface Outcome {
  readonly write: WriteKind;
  readonly ending: Ending;
  readonly answer: Answer;
  readonly visible: Visibility;
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
    releaseDisk: async () => { disk?.release(); },
  }));
  // The client may be gone while the server still works on the write: its outcome is what the table holds
  // once nothing writes it any more.
  if (write.settles) await write.settles(server, size);
  else await server.untilWritten(write.table);
  outcomes.set(this, { write, ending, answer, visible: await write.visible(server, size) });
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
  const allowed = expect === 'none or success' ? ['none', 'success'] : expect === 'error or success' ? ['error', 'success'] : [expect];
  assert.ok(allowed.includes(answer.kind), `${seen}; expected ${expect}`);
  if (answer.kind === 'error' && ending.error) assert.match(answer.message, ending.error, seen);
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
