import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasDatePlaceholder, resolveLogLocation } from './log-location';

const ctx = { rootDir: '/db/root', logDir: '/db/root/log' };
const micros = Date.parse('2020-04-15T11:59:59Z') * 1000;

test('${log.dir} and ${date:...} are resolved', () => {
  assert.equal(resolveLogLocation('${log.dir}/svc-rolling.log.${date:yyyyMMdd}', ctx, micros), '/db/root/log/svc-rolling.log.20200415');
});

test('a relative location is relative to the root', () => {
  assert.equal(resolveLogLocation('logs/a.log', ctx, micros), '/db/root/logs/a.log');
});

test('an absolute location stays', () => {
  assert.equal(resolveLogLocation('/var/log/svc.log', ctx, micros), '/var/log/svc.log');
});

test('a date placeholder is detected', () => {
  assert.equal(hasDatePlaceholder('x.${date:yyyy}'), true);
  assert.equal(hasDatePlaceholder('${log.dir}/x'), false);
});
