/**
 * The acceptance runner as a user runs it: a folder outside the project with their plugin and feature
 * files, `npm run accept -- …` started there (npm's --prefix names the project), its exit code and output.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { After, Given, Then, When } from '@cucumber/cucumber';
import { PROJECT_DIR } from '../../core/project';
import { localOnly } from '../support/local-only';
import { SvcWorld } from '../support/world';

interface UserRun {
  folder?: string;
  readonly env: Record<string, string>;
  code?: number;
  output?: string;
}

const runs = new WeakMap<SvcWorld, UserRun>();

function userRun(world: SvcWorld): UserRun {
  let r = runs.get(world);
  if (!r) { r = { env: {} }; runs.set(world, r); }
  return r;
}

function folder(world: SvcWorld): string {
  const r = userRun(world);
  r.folder ??= mkdtempSync(join(tmpdir(), 'svc-user-'));
  return r.folder;
}

After(function (this: SvcWorld) {
  const dir = runs.get(this)?.folder;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

Given('the user\'s folder outside the project has the file {string}:', function (this: SvcWorld, name: string, text: string) {
  writeFileSync(join(folder(this), name), text + '\n');
});

Given('the user\'s shell has {string} set to {string}', function (this: SvcWorld, name: string, value: string) {
  userRun(this).env[name] = value;
});

Given('a server process runs with the user\'s {string} in its root\'s plugins folder', localOnly('process'), async function (this: SvcWorld, name: string) {
  mkdirSync(join(this.root, 'plugins'), { recursive: true });
  copyFileSync(join(folder(this), name), join(this.root, 'plugins', name));
  await this.spawnServer();
});

/** The command's words, `<base>`, `<ilp>` and `<pg>` replaced by the addresses of the scenario's server process. */
function commandWords(world: SvcWorld, command: string): string[] {
  const ports = world.childPorts;
  return command
    .replace(/<base>/g, `http://127.0.0.1:${ports.api ?? 0}`)
    .replace(/<ilp>/g, `127.0.0.1:${ports.tcp ?? 0}`)
    .replace(/<pg>/g, `127.0.0.1:${ports.pg ?? 0}`)
    .split(/\s+/).filter((w) => w !== '');
}

/**
 * `npm run accept -- …`, or `svc-accept …` (the package's bin, as a user who installed the package runs
 * it). `<base>`, `<ilp>` and `<pg>` stand for the listeners of the server process the scenario started.
 */
When('the user runs {string} in their folder', { timeout: 120_000 }, async function (this: SvcWorld, command: string) {
  const words = commandWords(this, command);
  const r = userRun(this);
  let file: string;
  let args: string[];
  if (words[0] === 'svc-accept') {
    file = process.execPath;
    args = [join(PROJECT_DIR, 'bin', 'svc-accept'), ...words.slice(1)];
  } else {
    assert.deepEqual(words.slice(0, 3), ['npm', 'run', 'accept'], 'the command is npm run accept -- … or svc-accept …');
    file = 'npm';
    // Without --prefix npm would look for package.json above the user's folder; INIT_CWD stays that folder.
    args = ['--prefix', PROJECT_DIR, '--silent', 'run', 'accept', ...words.slice(3)];
  }
  // The user's shell: none of the variables an npm script running this test inherits (npm_*, INIT_CWD).
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env)
    .filter(([k]) => !k.startsWith('npm_') && k !== 'INIT_CWD' && k !== 'SVC_PLUGINS'));
  Object.assign(env, r.env);
  const result = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(file, args, { cwd: folder(this), env, timeout: 110_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
  r.code = result.code;
  r.output = result.output;
});

Then('it exits with code {int} and its last line is {string}', function (this: SvcWorld, code: number, line: string) {
  const r = userRun(this);
  const lines = (r.output ?? '').trimEnd().split('\n');
  assert.equal(lines[lines.length - 1], line, r.output);
  assert.equal(r.code, code, r.output);
});

Then('the run output contains {string}', function (this: SvcWorld, text: string) {
  const r = userRun(this);
  assert.ok((r.output ?? '').includes(text), r.output);
});

Then('the run output does not contain {string}', function (this: SvcWorld, text: string) {
  const r = userRun(this);
  assert.ok(!(r.output ?? '').includes(text), r.output);
});
