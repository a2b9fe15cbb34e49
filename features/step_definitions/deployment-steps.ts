/** The Dockerfile and the systemd unit: read as an operator would, and built and run where docker exists. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Then } from '@cucumber/cucumber';
import { PROJECT_DIR } from '../../core/project';
import { httpRequest } from '../support/http-client';
import { SvcWorld } from '../support/world';

/** Dockerfile instructions as [keyword, arguments] (comments and continuation lines handled). */
function instructions(text: string): [string, string][] {
  const joined = text.replace(/\\\n/g, ' ');
  return joined.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => { const i = l.indexOf(' '); return [l.slice(0, i).toUpperCase(), l.slice(i + 1).trim()]; });
}

function jsonArray(text: string): string[] {
  const v: unknown = JSON.parse(text);
  assert.ok(Array.isArray(v) && v.every((x) => typeof x === 'string'), `not a JSON string array: ${text}`);
  return v as string[];
}

function assertExecutable(relativePath: string): void {
  accessSync(join(PROJECT_DIR, relativePath), constants.X_OK);
}

Then('the Dockerfile builds on {string}, keeps the root in the volume {string}, exposes {string} and runs {string}',
  function (this: SvcWorld, base: string, volume: string, ports: string, command: string) {
    const steps = instructions(readFileSync(join(PROJECT_DIR, 'Dockerfile'), 'utf8'));
    const all = (k: string): string[] => steps.filter(([kw]) => kw === k).map(([, args]) => args);
    for (const from of all('FROM')) assert.equal(from.split(/\s+/)[0], base);
    assert.deepEqual(all('VOLUME'), [volume]);
    assert.deepEqual(all('EXPOSE').join(' ').split(/\s+/), ports.split(' '));
    assert.deepEqual(all('STOPSIGNAL'), ['SIGTERM']);
    const workdir = all('WORKDIR').at(-1) ?? '/';
    const [entry, ...args] = [...jsonArray(all('ENTRYPOINT').at(-1) ?? '[]'), ...jsonArray(all('CMD').at(-1) ?? '[]')];
    assert.ok(entry.startsWith(`${workdir}/`), `${entry} is outside ${workdir}`);
    const [want, ...wantArgs] = command.split(' ');
    assert.deepEqual([entry.slice(workdir.length + 1), ...args], [want, ...wantArgs]);
    assertExecutable(want);
    for (const copy of all('COPY').filter((c) => !c.startsWith('--from'))) {
      for (const source of copy.split(/\s+/).slice(0, -1)) assert.ok(existsSync(join(PROJECT_DIR, source)), `COPY source ${source} is missing`);
    }
  });

Then('the systemd unit {string} runs {string}, stops it with SIGTERM and does not restart it after exit status 1',
  function (this: SvcWorld, unit: string, command: string) {
    const settings = new Map<string, string>();
    for (const line of readFileSync(join(PROJECT_DIR, unit), 'utf8').split('\n')) {
      const m = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
      if (m) settings.set(m[1], m[2]);
    }
    const [node, script, ...args] = (settings.get('ExecStart') ?? '').split(/\s+/);
    assert.match(node, /\/node$/);
    const workdir = settings.get('WorkingDirectory') ?? '/';
    const [want, ...wantArgs] = command.split(' ');
    assert.deepEqual([script.slice(workdir.length + 1), ...args], [want, ...wantArgs]);
    assertExecutable(want);
    assert.equal(settings.get('KillSignal'), 'SIGTERM');
    assert.ok(Number(settings.get('TimeoutStopSec')) > 3 + 2, 'TimeoutStopSec must exceed the grace period and the hard-stop margin');
    assert.equal(settings.get('RestartPreventExitStatus'), '1');
  });

function docker(args: readonly string[], timeoutMs = 60_000): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('docker', [...args], { encoding: 'utf8', timeout: timeoutMs });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? r.error?.message ?? '' };
}

Then('where a docker engine answers, the image builds, serves health and exits 0 on docker stop', async function (this: SvcWorld) {
  if (docker(['info'], 10_000).status !== 0) {
    this.attach('no docker engine answers here: the image was not built');
    return;
  }
  const tag = `svc-feature-${process.pid}`;
  try {
    const build = docker(['build', '-t', tag, PROJECT_DIR], 15 * 60_000);
    assert.equal(build.status, 0, build.stderr);
    const run = docker(['run', '-d', '-p', '127.0.0.1::9003', tag]);
    assert.equal(run.status, 0, run.stderr);
    const id = run.stdout.trim();
    const port = Number(/:(\d+)\s*$/.exec(docker(['port', id, '9003']).stdout)?.[1]);
    let healthy = false;
    for (let i = 0; i < 60 && !healthy; i++) {
      healthy = await httpRequest('127.0.0.1', port, '/').then((r) => r.status === 200, () => false);
      if (!healthy) await new Promise((r) => setTimeout(r, 500));
    }
    assert.ok(healthy, docker(['logs', id]).stdout);
    assert.equal(docker(['stop', id]).status, 0);
    assert.equal(docker(['inspect', '-f', '{{.State.ExitCode}}', id]).stdout.trim(), '0');
    docker(['rm', id]);
  } finally {
    docker(['rmi', '-f', tag]);
  }
});
