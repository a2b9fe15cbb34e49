import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { TypeTag } from '../../core/data/column-type';
import { decodeUtf8 } from '../../core/data/utf8';
import {
  CRASH_TABLE, ROWS_PER_COMMIT, commitTimestamp, expectedDouble, expectedLong, expectedString, expectedSymbol,
} from './crash-workload';
import { openEngine, removeDir, tempDir } from './test-support';

const KILLS = 50;
const noop = (): void => undefined;

/** Runs the child, kills it at a random moment after its first commit; returns the last commit it reported. */
function runAndKill(dbDir: string, delayMs: number): Promise<{ reported: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'crash-child.js'), dbDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      // From the first commit on, so every run makes progress even on a slow, loaded machine.
      if (timer === undefined && out.includes('committed')) timer = setTimeout(() => child.kill('SIGKILL'), delayMs);
    });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('error', reject);
    child.on('exit', () => {
      if (timer) clearTimeout(timer);
      const m = [...out.matchAll(/(?:committed|ready) (\d+)/g)];
      resolve({ reported: m.length > 0 ? Number(m[m.length - 1][1]) : 0, stderr });
    });
  });
}

/** Start-ups whose recovery had to cut or remove something: kills that landed inside a commit. */
let recoveriesWithWork = 0;

async function verify(dbDir: string, reported: number): Promise<number> {
  const log = {
    source: 'test', debugEnabled: false, critical: noop, error: noop, info: noop, debug: noop,
    advisory: (m: string): void => { if (m.startsWith('recovered table')) recoveriesWithWork++; },
  };
  const engine = await openEngine(dbDir, { log });
  const reader = engine.openReader(CRASH_TABLE);
  const rows = reader.rowCount;
  assert.equal(rows % ROWS_PER_COMMIT, 0, 'no partial commit is visible');
  const commits = rows / ROWS_PER_COMMIT;
  // The kill can land after `_txn` was renamed but before the child printed the commit.
  assert.ok(commits === reported || commits === reported + 1, `commits=${commits}, reported=${reported}`);
  const expected: number[] = [];
  for (let k = 0; k < commits; k++) for (let j = 0; j < ROWS_PER_COMMIT; j++) expected.push(commitTimestamp(k, j));
  expected.sort((a, b) => a - b);
  let i = 0;
  for await (const b of reader.scan({ columns: [0, 1, 2, 3, 4] })) {
    const [ts, sym, d, l, s] = b.vectors;
    for (let r = 0; r < b.rowCount; r++, i++) {
      const t = ts.data[r];
      assert.equal(t, expected[i]);
      assert.equal(sym.symbols?.value(sym.data[r]), expectedSymbol(t));
      assert.ok(Object.is(d.data[r], expectedDouble(t)));
      assert.equal(l.exact ? l.exact[r] : BigInt(l.data[r]), expectedLong(t));
      const str = s.nulls?.[r] === 1 ? null : decodeUtf8(s.data as Uint8Array, (s.offsets as Int32Array)[r], (s.offsets as Int32Array)[r + 1]);
      assert.equal(str, expectedString(t));
      assert.equal(s.type.tag, TypeTag.VARCHAR);
    }
  }
  assert.equal(i, rows);
  reader.close();
  await engine.close();
  return commits;
}

test(`every committed row survives ${KILLS} SIGKILLs bit for bit, and nothing else`, { timeout: 300_000 }, async () => {
  const dir = tempDir();
  try {
    let seed = 12345;
    let maxCommits = 0;
    for (let n = 0; n < KILLS; n++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const { reported, stderr } = await runAndKill(dir, 5 + (seed % 120));
      assert.equal(stderr, '', stderr);
      maxCommits = await verify(dir, reported);
    }
    assert.ok(maxCommits >= KILLS, `the workload made progress (${maxCommits} commits)`);
    assert.ok(recoveriesWithWork > 0, 'some kills landed inside a commit');
    process.stdout.write(`crash test: ${KILLS} kills, ${maxCommits} commits, ${recoveriesWithWork} recoveries cut uncommitted bytes\n`);
  } finally {
    removeDir(dir);
  }
});
