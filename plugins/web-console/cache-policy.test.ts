import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cacheControlFor, IMMUTABLE, REVALIDATE } from './cache-policy';
import { contentTag, fileTag, matchesIfNoneMatch } from './entity-tag';

test('fingerprinted assets are cached for a year, everything else is revalidated', () => {
  assert.equal(cacheControlFor('assets/app-SD7VHI7G.js'), IMMUTABLE);
  assert.equal(cacheControlFor('assets/uPlot.esm-Q7ISDCNA.js'), IMMUTABLE);
  assert.equal(cacheControlFor('assets/app-SD7VHI7G.js.map'), IMMUTABLE);
  assert.equal(cacheControlFor('index.html'), REVALIDATE);
  assert.equal(cacheControlFor('qdb.fe068.js'), REVALIDATE);
});

test('entity tags change with the file and match If-None-Match lists, weak or strong', () => {
  const tag = fileTag(1234, 1_700_000_000_123.4);
  assert.notEqual(tag, fileTag(1234, 1_700_000_001_000));
  assert.ok(matchesIfNoneMatch(`"x", W/${tag}`, tag));
  assert.ok(matchesIfNoneMatch('*', tag));
  assert.ok(!matchesIfNoneMatch('"other"', tag));
  assert.ok(!matchesIfNoneMatch(undefined, tag));
  assert.equal(contentTag(Buffer.from('a')), contentTag(Buffer.from('a')));
  assert.notEqual(contentTag(Buffer.from('a')), contentTag(Buffer.from('b')));
});
