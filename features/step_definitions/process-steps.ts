/** The server as an operating-system process: start-up output, signals and exit codes. */
import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import { localOnly } from '../support/local-only';
import { SvcWorld } from '../support/world';

Given('the server runs as a separate process', localOnly('process'), async function (this: SvcWorld) {
  await this.spawnServer();
});

When('the process receives {word}', localOnly('process'), function (this: SvcWorld, signal: NodeJS.Signals) {
  assert.ok(this.child, 'no server process');
  this.values.set('signalAt', String(performance.now()));
  this.child.kill(signal);
});

Then('it exits with code {int} within {int} seconds', localOnly('process'), async function (this: SvcWorld, code: number, seconds: number) {
  assert.ok(this.childExit, 'no server process');
  const timeout = new Promise<undefined>((r) => setTimeout(() => r(undefined), seconds * 1000 + 500));
  const exit = await Promise.race([this.childExit, timeout]);
  assert.ok(exit, `still running after ${seconds} s`);
  assert.equal(exit.code, code, `exit ${JSON.stringify(exit)}; output:\n${this.childOutput}`);
  const took = (exit.at - Number(this.values.get('signalAt'))) / 1000;
  assert.ok(took <= seconds, `took ${took.toFixed(2)} s`);
});
