/** Credentials on requests: Basic and Bearer, and waiting for a token file change to apply. */
import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';
import { LogService } from '../../core/log/log-service';
import { localOnly } from '../support/local-only';
import { Listener, SvcWorld } from '../support/world';

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

When('I GET {string} on the {listener} listener as {string} with password {string}',
  async function (this: SvcWorld, path: string, listener: Listener, user: string, password: string) {
    await this.request(listener, path, { headers: { Authorization: basic(user, password) } });
  });

When('I send {word} {string} to the {listener} listener as {string} with password {string}',
  async function (this: SvcWorld, method: string, path: string, listener: Listener, user: string, password: string) {
    await this.request(listener, path, { method, headers: { Authorization: basic(user, password) } });
  });

When('I GET {string} on the {listener} listener with the bearer token {string}',
  async function (this: SvcWorld, path: string, listener: Listener, token: string) {
    await this.request(listener, path, { headers: { Authorization: `Bearer ${token}` } });
  });

When('the root file {string} is changed to:', localOnly('root'), function (this: SvcWorld, path: string, text: string) {
  this.writeRootFile(path, text + '\n');
});

Then('within {int} seconds GET {string} on the {listener} listener with the bearer token {string} answers {int}',
  async function (this: SvcWorld, seconds: number, path: string, listener: Listener, token: string, status: number) {
    const deadline = Date.now() + seconds * 1000;
    let last = 0;
    while (Date.now() < deadline) {
      last = (await this.request(listener, path, { headers: { Authorization: `Bearer ${token}` } })).status;
      if (last === status) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(last, status, `still ${last} after ${seconds} s`);
  });

Then('the log does not contain {string}', localOnly('log'), async function (this: SvcWorld, text: string) {
  await this.server?.container.resolve(LogService).flush();
  const log = this.child ? this.childOutput : this.console;
  assert.ok(log.length > 0, 'the log is empty');
  assert.ok(!log.includes(text), `the log contains ${text}`);
});
