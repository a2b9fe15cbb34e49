/** Starting the server: root files, server.conf, environment, start-up outcome and the log. */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { LogService } from '../../core/log/log-service';
import { PROJECT_DIR } from '../../core/project';
import { localOnly } from '../support/local-only';
import { SvcWorld } from '../support/world';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

Given('a running server', async function (this: SvcWorld) {
  await this.ready();
});

Given('the environment variable {string} is {string}', localOnly('environment'), function (this: SvcWorld, name: string, value: string) {
  this.env[name] = value;
});

Given('the environment variable {string} is not set', localOnly('environment'), function (this: SvcWorld, name: string) {
  delete this.env[name];
});

Given('the environment variable {string} is 127.0.0.1 with a free port', localOnly('environment'), async function (this: SvcWorld, name: string) {
  const port = await freePort();
  this.values.set('port', String(port));
  this.env[name] = `127.0.0.1:${port}`;
});

Given('the server.conf contains:', localOnly('root'), function (this: SvcWorld, text: string) {
  this.writeRootFile('conf/server.conf', text + '\n');
});

Given('the root file {string} contains:', localOnly('root'), function (this: SvcWorld, path: string, text: string) {
  this.writeRootFile(path, text + '\n');
});

Given('the example plugin {string} is copied to the root as {string}', localOnly('root'), function (this: SvcWorld, example: string, target: string) {
  const to = join(this.root, target);
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(join(PROJECT_DIR, 'docs', 'examples', example), to);
});

When('the server starts', localOnly('process'), async function (this: SvcWorld) {
  await this.start();
});

Then('the server is running', localOnly('process'), function (this: SvcWorld) {
  assert.ok(this.server, `start-up failed: ${this.startError?.message}`);
});

/** `<root>` stands for the scenario's root folder. */
Then('start-up fails with a message containing {string}', localOnly('process'), function (this: SvcWorld, pattern: string) {
  const text = pattern.replace(/<root>/g, resolve(this.root));
  assert.equal(this.server, undefined, 'the server started');
  assert.ok(this.startError, 'no start-up error');
  assert.ok(this.startError.message.includes(text), `message was: ${this.startError.message}`);
});

Then('the min listener is on that port', localOnly('environment'), function (this: SvcWorld) {
  assert.equal(String(this.port('min')), this.values.get('port'));
});

Then('the root has the folders {string}', localOnly('root'), function (this: SvcWorld, list: string) {
  for (const name of list.split(',').map((s) => s.trim())) assert.ok(existsSync(join(this.root, name)), `${name} is missing`);
});

Then('the root file {string} equals the project\'s {string}', localOnly('root'), function (this: SvcWorld, path: string, projectPath: string) {
  assert.equal(readFileSync(join(this.root, path), 'utf8'), readFileSync(join(PROJECT_DIR, projectPath), 'utf8'));
});

Then('the log has a line matching {string}', localOnly('log'), async function (this: SvcWorld, pattern: string) {
  await this.server?.container.resolve(LogService).flush();
  const log = this.child ? this.childOutput : this.console;
  assert.match(log, new RegExp(pattern, 'm'));
});
