import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { CancelController } from './cancel-controller';

test('abort fires once: listeners and onabort see the reason, later aborts are ignored', () => {
  const c = new CancelController();
  const seen: unknown[] = [];
  c.signal.addEventListener('abort', () => seen.push(c.signal.reason), { once: true });
  c.signal.onabort = () => seen.push('onabort');
  assert.equal(c.signal.aborted, false);
  c.signal.throwIfAborted();
  c.abort('first');
  c.abort('second');
  assert.deepEqual(seen.sort(), ['first', 'onabort']);
  assert.equal(c.signal.aborted, true);
  assert.throws(() => c.signal.throwIfAborted(), (e) => e === 'first');
});

test('without a reason the reason is an AbortError, as AbortController gives', () => {
  const c = new CancelController();
  c.abort();
  assert.ok(c.signal.reason instanceof DOMException);
  assert.equal((c.signal.reason as DOMException).name, 'AbortError');
});

test('Node APIs that take a signal stop on it', async () => {
  const timer = new CancelController();
  const slept = sleep(10_000, undefined, { signal: timer.signal });
  timer.abort();
  await assert.rejects(slept, { name: 'AbortError' });
  const waiting = new CancelController();
  const event = once(new EventEmitter(), 'never', { signal: waiting.signal });
  waiting.abort();
  await assert.rejects(event, { name: 'AbortError' });
});
