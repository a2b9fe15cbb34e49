import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RowPages, Rows } from './row-pages';

function rowsFrom(from: number, to: number): Rows {
  return Array.from({ length: to - from }, (_, i) => [from + i]);
}

test('pages are fetched once, on demand, and kept within the bound', async () => {
  const asked: string[] = [];
  let loaded = 0;
  const pages = new RowPages({
    rowCount: 10_000, pageSize: 100, maxPages: 3,
    load: async (from, to) => { asked.push(`${from},${to}`); return rowsFrom(from, to); },
    onLoad: () => { loaded++; }, onError: (e) => { throw e; },
  });
  pages.seed(rowsFrom(0, 100));
  assert.deepEqual(pages.row(42), [42]);
  pages.request(150, 260);
  pages.request(150, 260);
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(asked, ['100,200', '200,300']);
  assert.equal(loaded, 2);
  assert.deepEqual(pages.row(299), [299]);
  pages.request(9_950, 10_000);
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(asked.at(-1), '9900,10000');
  assert.equal(pages.loadedPages, 3);
  assert.equal(pages.row(0), undefined, 'the least recently used page was dropped');
});

test('dispose aborts pages in flight and their errors are not reported', async () => {
  let seen: AbortSignal | undefined;
  const pages = new RowPages({
    rowCount: 1000, pageSize: 100, maxPages: 4,
    load: (_from, _to, signal) => { seen = signal; return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))); },
    onLoad: () => assert.fail('no page may load'), onError: () => assert.fail('no error may be reported'),
  });
  pages.request(0, 10);
  pages.dispose();
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(seen?.aborted, true);
});
