import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isSvcError } from '../../core/errors';
import { DecoderSlots } from './decoder-slots';

test('uploads beyond the decoders wait in line and get a slot as one is released', async () => {
  const slots = new DecoderSlots(2, 4);
  const a = await slots.acquire();
  const b = await slots.acquire();
  let third: (() => void) | undefined;
  const waiting = slots.acquire().then((r) => { third = r; });
  assert.deepEqual(slots.state, { busy: 2, waiting: 1 });
  a();
  await waiting;
  assert.ok(third);
  assert.deepEqual(slots.state, { busy: 2, waiting: 0 });
  a();
  b();
  third();
  assert.deepEqual(slots.state, { busy: 0, waiting: 0 });
});

test('past the line an upload is refused with a 503 naming both keys', async () => {
  const slots = new DecoderSlots(1, 1);
  await slots.acquire();
  const queued = slots.acquire();
  await assert.rejects(slots.acquire(), (e: unknown) => isSvcError(e) && e.statusCode === 503
    && /http\.import\.parquet\.decoders=1, http\.import\.parquet\.decoder\.queue=1/.test(e.message));
  assert.deepEqual(slots.state, { busy: 1, waiting: 1 });
  void queued;
});

test('a waiting upload whose client left leaves the line', async () => {
  const slots = new DecoderSlots(1, 2);
  const first = await slots.acquire();
  const controller = new AbortController();
  const waiting = slots.acquire(controller.signal);
  controller.abort(new Error('client gone'));
  await assert.rejects(waiting, /client gone/);
  assert.deepEqual(slots.state, { busy: 1, waiting: 0 });
  first();
  assert.deepEqual(slots.state, { busy: 0, waiting: 0 });
});
