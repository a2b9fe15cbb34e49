/**
 * `npm start` from a copy of the project, timed: how long a start takes to its first answer, and whether it
 * built first (tools/build.js builds only when dist/ has no build or a source changed). The copy keeps the
 * files' times (`cp -a`), so its build record stays as valid as the project's, and a build it may need never
 * touches the dist/ the running tests use.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { After, Given, Then, When } from '@cucumber/cucumber';
import { PROJECT_DIR } from '../../core/project';
import { localOnly } from '../support/local-only';
import { SvcWorld } from '../support/world';

/** What `npm start` needs of the project: sources, the build and its record, commands and defaults. */
const COPIED = ['core', 'plugins', 'tools', 'features', 'bin', 'conf', 'dist', 'package.json', 'package-lock.json', 'tsconfig.json'];
/** A first start in a copy whose build is not current builds first: a minute or more on a loaded machine. */
const START_TIMEOUT_MS = 10 * 60_000;

const copies = new WeakMap<SvcWorld, string>();

function copyOf(world: SvcWorld): string {
  const dir = copies.get(world);
  assert.ok(dir, 'no copy of the project was made');
  return dir;
}

Given('a copy of the project with its build in a temporary folder', localOnly('process'), function (this: SvcWorld) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-copy-'));
  copies.set(this, dir);
  const r = spawnSync('cp', ['-a', ...COPIED.map((p) => join(PROJECT_DIR, p)), dir], { encoding: 'utf8' });
  assert.equal(r.status, 0, `cp failed: ${r.stderr}`);
  symlinkSync(realpathSync(join(PROJECT_DIR, 'node_modules')), join(dir, 'node_modules'));
});

async function firstAnswer(world: SvcWorld, deadline: number): Promise<void> {
  const p = world.serverProcess;
  assert.ok(p, 'no process');
  while (Date.now() < deadline) {
    if (!p.running) throw new Error(`the process exited before it answered:\n${p.output}`);
    const port = p.ports.get('http server');
    if (port !== undefined) {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/exec?query=select%201`);
        if (r.status === 200) return;
      } catch {
        // not accepting yet
      }
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no answer within ${START_TIMEOUT_MS / 1000} s:\n${p.output}`);
}

/** Starts `command args` in the copy, times it to its first answer of /exec, reports the time, stops it. */
async function timedStart(world: SvcWorld, label: string, command: string, args: readonly string[]): Promise<number> {
  const dir = copyOf(world);
  const started = performance.now();
  const p = world.startProcess(command, args, dir);
  world.serverProcess = p;
  await firstAnswer(world, Date.now() + START_TIMEOUT_MS);
  const seconds = (performance.now() - started) / 1000;
  const line = `start-up: ${label} in ${dir}: first answer after ${seconds.toFixed(2)} s`;
  world.log(line);
  process.stderr.write(`\n${line}\n`);
  p.child.kill('SIGTERM');
  const exit = await p.waitExit(15_000);
  assert.ok(exit, `still running 15 s after SIGTERM:\n${p.output}`);
  return seconds;
}

When('{string} is started in the copy, I time its first answer', { ...localOnly('process'), timeout: START_TIMEOUT_MS + 30_000 },
  async function (this: SvcWorld, commandLine: string) {
    const [command, ...args] = commandLine.replace(/<root>/g, resolve(this.root)).split(' ').filter((w) => w !== '');
    this.values.set('first answer seconds', String(await timedStart(this, `\`${commandLine}\``, command, args)));
  });

When('the built server is started directly in the copy, I time its first answer', { ...localOnly('process'), timeout: START_TIMEOUT_MS + 30_000 },
  async function (this: SvcWorld) {
    const seconds = await timedStart(this, '`node dist/core/cli.js`', process.execPath, [join('dist', 'core', 'cli.js'), '-d', resolve(this.root)]);
    this.values.set('direct start seconds', String(seconds));
  });

/**
 * The bound is absolute on a machine that starts the server itself in less: a start that builds takes a
 * minute. On a machine so loaded that the server alone takes longer, the start may take the server's own
 * time plus the margin (npm and the build check).
 */
Then('the first answer came within {int} seconds, or within {int} seconds of the direct start\'s',
  function (this: SvcWorld, limit: number, margin: number) {
    const seconds = Number(this.values.get('first answer seconds'));
    const direct = Number(this.values.get('direct start seconds'));
    assert.ok(Number.isFinite(seconds) && Number.isFinite(direct), 'both starts must be timed');
    assert.ok(seconds < Math.max(limit, direct + margin),
      `the start took ${seconds.toFixed(2)} s; the server started directly ${direct.toFixed(2)} s`);
  });

Then('its output does not contain {string}', function (this: SvcWorld, text: string) {
  const p = this.processes.at(-1);
  assert.ok(p, 'no process was started');
  assert.ok(!p.output.includes(text), `output was:\n${p.output}`);
});

After(function (this: SvcWorld) {
  const dir = copies.get(this);
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});
