import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LogWriterSettings } from '../../core/extension/log-writer';
import { plainOrigins } from '../../core/log/log-setup';
import { parseAlertSettings } from './alert-settings';

const s = (p: Record<string, string>): LogWriterSettings => {
  const properties = new Map(Object.entries(p));
  return { name: 'alert', className: 'io.svc.log.LogAlertSocketWriter', properties, rootDir: '/r', logDir: '/r/log',
    version: '0', env: {}, origin: plainOrigins('alert', properties) };
};

test('no targets means defaultAlertHost:defaultAlertPort, 127.0.0.1:9093 by default', () => {
  assert.deepEqual(parseAlertSettings(s({})).targets, [{ host: '127.0.0.1', port: 9093 }]);
  assert.deepEqual(parseAlertSettings(s({ defaultAlertHost: 'am', defaultAlertPort: '9999' })).targets, [{ host: 'am', port: 9999 }]);
});

test('a target without a port gets 9093 and one without a host gets 127.0.0.1', () => {
  assert.deepEqual(parseAlertSettings(s({ alertTargets: '"a.example:1234, b.example,:77,[::1]:9"' })).targets, [
    { host: 'a.example', port: 1234 }, { host: 'b.example', port: 9093 }, { host: '127.0.0.1', port: 77 }, { host: '::1', port: 9 }]);
});

test('twelve targets are allowed and thirteen stop start-up', () => {
  const list = (n: number): string => Array.from({ length: n }, (_, i) => `h${i}:${9000 + i}`).join(',');
  assert.equal(parseAlertSettings(s({ alertTargets: list(12) })).targets.length, 12);
  assert.throws(() => parseAlertSettings(s({ alertTargets: list(13) })), /too many alert targets \[writer=alert, count=13, max=12\]/);
});

test('a bad port stops start-up', () => {
  assert.throws(() => parseAlertSettings(s({ alertTargets: 'h:99999' })), /alertTargets \[value=99999/);
  assert.throws(() => parseAlertSettings(s({ defaultAlertPort: 'x' })), /defaultAlertPort \[value=x/);
});

test('buffer sizes default to 2 MiB in and 4 MiB out and take unit suffixes', () => {
  const d = parseAlertSettings(s({}));
  assert.deepEqual([d.inBufferSize, d.outBufferSize, d.reconnectDelayMs], [2 * 1024 * 1024, 4 * 1024 * 1024, 250]);
  const c = parseAlertSettings(s({ inBufferSize: '64k', outBufferSize: '1m', reconnectDelay: '10' }));
  assert.deepEqual([c.inBufferSize, c.outBufferSize, c.reconnectDelayMs], [65536, 1024 * 1024, 10]);
  assert.throws(() => parseAlertSettings(s({ outBufferSize: 'lots' })), /outBufferSize \[value=lots/);
});
