/**
 * Running the server as an operator does: commands (`npm start`, `bin/svc`), a second server on the same
 * root, SIGKILL and restart, start-up messages on standard error, requests cut by a shutdown.
 */
import assert from 'node:assert/strict';
import { connect, Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { After, Given, Then, When } from '@cucumber/cucumber';
import { PROJECT_DIR } from '../../core/project';
import { ServerProcess } from '../support/server-process';
import { SvcWorld } from '../support/world';

/** `<root>` is the scenario's root, `<project>` the project folder, `<pid>` the server process's pid. */
function expand(world: SvcWorld, text: string): string {
  return text.replace(/<root>/g, resolve(world.root)).replace(/<project>/g, PROJECT_DIR)
    .replace(/<pid>/g, String(world.serverProcess?.child.pid ?? '?'));
}

function startCommand(world: SvcWorld, commandLine: string): ServerProcess {
  const [command, ...args] = expand(world, commandLine).split(' ').filter((w) => w !== '');
  const local = command.includes('/') ? join(PROJECT_DIR, command) : command;
  return world.startProcess(local, args, PROJECT_DIR);
}

async function refused(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); done(false); });
    socket.once('error', () => done(true));
  });
}

function lastProcess(world: SvcWorld): ServerProcess {
  const p = world.processes.at(-1);
  assert.ok(p, 'no process was started');
  return p;
}

Given('the server runs as {string}', async function (this: SvcWorld, commandLine: string) {
  this.serverProcess = startCommand(this, commandLine);
  await this.serverProcess.waitReady();
});

When('the server process starts again on the same root', async function (this: SvcWorld) {
  this.serverProcess = this.startProcess();
  await this.serverProcess.waitReady();
});

When('a second server is started on the same root', async function (this: SvcWorld) {
  this.startProcess();
});

When('{string} is run', function (this: SvcWorld, commandLine: string) {
  startCommand(this, commandLine);
});

When('the server process is killed with SIGKILL', async function (this: SvcWorld) {
  const p = this.serverProcess;
  assert.ok(p, 'no server process');
  p.child.kill('SIGKILL');
  await p.exit;
});

Then('that process exits with code {int} within {int} seconds', async function (this: SvcWorld, code: number, seconds: number) {
  const p = lastProcess(this);
  const exit = await p.waitExit(seconds * 1000);
  assert.ok(exit, `still running after ${seconds} s:\n${p.output}`);
  assert.equal(exit.code, code, `exit ${JSON.stringify(exit)}; output:\n${p.output}`);
});

Then('its output contains {string}', function (this: SvcWorld, text: string) {
  const p = lastProcess(this);
  assert.ok(p.output.includes(expand(this, text)), `output was:\n${p.output}`);
});

Then('its standard error is one line starting with {string}', function (this: SvcWorld, prefix: string) {
  const lines = lastProcess(this).errors.split('\n').filter((l) => l !== '');
  assert.equal(lines.length, 1, `standard error was:\n${lines.join('\n')}`);
  assert.ok(lines[0].startsWith(expand(this, prefix)), lines[0]);
});

Then('nothing listens on the ports the server process announced', async function (this: SvcWorld) {
  const p = this.serverProcess;
  assert.ok(p && p.ports.size > 0, 'no announced port');
  for (const [what, port] of p.ports) assert.ok(await refused(port), `${what} port ${port} still accepts connections`);
});

const halfSent = new WeakMap<SvcWorld, Socket>();

After(function (this: SvcWorld) {
  halfSent.get(this)?.destroy();
});

When('a client has sent half of an upload to {string}', async function (this: SvcWorld, path: string) {
  const server = await this.ensureStarted();
  const port = server.apiAddress?.port;
  assert.ok(port, 'no API listener');
  const socket = connect(port, '127.0.0.1');
  halfSent.set(this, socket);
  socket.on('error', () => undefined);
  await new Promise<void>((done) => socket.once('connect', () => done()));
  const part = '--b\r\nContent-Disposition: form-data; name="data"; filename="a.csv"\r\n\r\na,b\r\n1,2\r\n';
  socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n`
    + `Content-Length: 100000\r\n\r\n${part}`);
  await new Promise((r) => setTimeout(r, 200));
});
