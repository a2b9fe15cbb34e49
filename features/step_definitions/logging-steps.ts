/** Logging: log.conf, writers' files, and an alert manager stand-in (a real TCP server). */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { After, Given, Then } from '@cucumber/cucumber';
import { LogService } from '../../core/log/log-service';
import { AlertManagerStandIn } from '../../tools/alert-manager-stand-in';
import { localOnly } from '../support/local-only';
import { SvcWorld } from '../support/world';

const alertManagers = new WeakMap<SvcWorld, AlertManagerStandIn>();

function alertManager(world: SvcWorld): AlertManagerStandIn {
  const am = alertManagers.get(world);
  if (!am) throw new Error('no alert manager stand-in is running');
  return am;
}

After(async function (this: SvcWorld) {
  await alertManagers.get(this)?.stop();
});

async function flushLogs(world: SvcWorld): Promise<void> {
  await world.server?.container.resolve(LogService).flush();
}

Given('an alert manager stand-in is running', async function (this: SvcWorld) {
  const am = new AlertManagerStandIn();
  await am.start(0);
  alertManagers.set(this, am);
});

Given('the log.conf contains:', localOnly('root'), function (this: SvcWorld, text: string) {
  const port = alertManagers.get(this)?.port;
  this.writeRootFile('conf/log.conf', text.replace(/<alert port>/g, String(port ?? 0)) + '\n');
});

Given('the server is started with -Dout={string}', localOnly('process'), async function (this: SvcWorld, path: string) {
  this.logConfPath = join(this.root, path);
  await this.start();
});

Then('the log has no line matching {string}', localOnly('log'), async function (this: SvcWorld, pattern: string) {
  await flushLogs(this);
  assert.doesNotMatch(this.console, new RegExp(pattern, 'm'));
});

Then('the root file {string} has a line matching {string}', localOnly('root'), async function (this: SvcWorld, path: string, pattern: string) {
  await flushLogs(this);
  const file = join(this.root, path);
  assert.ok(existsSync(file), `${path} does not exist`);
  assert.match(readFileSync(file, 'utf8'), new RegExp(pattern, 'm'));
});

Then('the root file {string} has no line matching {string}', localOnly('root'), async function (this: SvcWorld, path: string, pattern: string) {
  await flushLogs(this);
  assert.doesNotMatch(readFileSync(join(this.root, path), 'utf8'), new RegExp(pattern, 'm'));
});

Then('the root file {string} does not exist', localOnly('root'), function (this: SvcWorld, path: string) {
  assert.equal(existsSync(join(this.root, path)), false);
});

Then('the root folder {string} has one file named like {string} with a line matching {string}', localOnly('root'),
  async function (this: SvcWorld, folder: string, name: string, pattern: string) {
    await flushLogs(this);
    const dir = join(this.root, folder);
    const files = readdirSync(dir).filter((f) => new RegExp(`^${name}$`).test(f));
    assert.equal(files.length, 1, `files in ${folder}: ${readdirSync(dir).join(', ')}`);
    assert.match(readFileSync(join(dir, files[0]), 'utf8'), new RegExp(pattern, 'm'));
  });

Then('the alert manager receives an alert whose message matches {string}', async function (this: SvcWorld, pattern: string) {
  const am = alertManager(this);
  await am.waitFor(1);
  const alert = am.received[0];
  assert.equal(alert.requestLine, 'POST /api/v1/alerts HTTP/1.1');
  const [payload] = JSON.parse(alert.body) as [{ Labels: { severity: string }; Annotations: { message: string } }];
  assert.equal(payload.Labels.severity, 'critical');
  assert.match(payload.Annotations.message, new RegExp(pattern));
});
