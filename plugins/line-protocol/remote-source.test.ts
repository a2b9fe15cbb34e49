import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LocalSource } from './block-source';
import { toWire } from './block-transfer';
import { BATCH_BYTES, RemoteSource } from './remote-source';
import { TimeUnit } from './time-unit';
import { ParseRequest } from './worker-protocol';

/** A source on a channel that records the bytes of each feed message and never answers. */
function recording(batchBytes: number): { source: RemoteSource; feeds: number[]; takes: number } {
  const log = { feeds: [] as number[], takes: 0 };
  const source = new RemoteSource(1, {
    post: (m: ParseRequest) => {
      if (m.type === 'feed') log.feeds.push(m.length);
      if (m.type === 'take') log.takes++;
    },
    detach: () => undefined,
  }, batchBytes);
  return { source, get feeds() { return log.feeds; }, get takes() { return log.takes; } };
}

test('an eager source (TCP) gives an idle worker each chunk at once', () => {
  const r = recording(1);
  void r.source.feed(Buffer.from('t v=1i\n'));
  assert.deepEqual(r.feeds, [7]);
});

test('a batching source (HTTP) stages small chunks until a batch or the take', () => {
  const r = recording(BATCH_BYTES);
  const chunk = Buffer.alloc(64 * 1024, 0x0a);
  for (let k = 0; k < 3; k++) void r.source.feed(chunk);
  assert.deepEqual(r.feeds, []);
  void r.source.feed(chunk);
  assert.deepEqual(r.feeds, [BATCH_BYTES]);
  void r.source.feed(Buffer.from('t v=1i\n'));
  void r.source.take();
  assert.deepEqual(r.feeds, [BATCH_BYTES, 7]);
  assert.equal(r.takes, 1);
});

test('blocks taken from the worker keep their line numbers (the third block starts at line 3)', async () => {
  const local = new LocalSource({ maxLineBytes: 1 << 20, maxLineKey: 'k', maxTables: 10 }, { precision: TimeUnit.NANOS, now: () => 0 });
  local.feed(Buffer.from('h v=1.5\nh v="x"\nh v=2.5\n'));
  const wire = local.takeNow().map(toWire);
  let source: RemoteSource | undefined;
  source = new RemoteSource(1, {
    post: (m: ParseRequest) => { if (m.type === 'take') queueMicrotask(() => source?.receive({ type: 'blocks', id: 1, blocks: wire, error: undefined })); },
    detach: () => undefined,
  });
  const blocks = await source.take();
  assert.deepEqual(blocks.map((b) => b.lines[0]), [1, 2, 3]);
});
