import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseImportParams } from './import-params';

const parse = (q: string): ReturnType<typeof parseImportParams> => parseImportParams(new URLSearchParams(q));

test('every parameter has its default', () => {
  assert.deepEqual(parse(''), {
    name: undefined, overwrite: false, atomicity: 'skipCol', partitionBy: undefined, timestamp: undefined, forceHeader: false,
    skipLev: false, delimiter: undefined, json: false, create: true, o3MaxLag: undefined, maxUncommittedRows: undefined,
  });
});

test('values are read case-insensitively where QuestDB does', () => {
  const p = parse('partitionBy=day&timestamp=ts&atomicity=SKIPROW&overwrite=TRUE&fmt=JSON&delimiter=%09&create=false&o3MaxLag=5000&maxUncommittedRows=10');
  assert.deepEqual([p.partitionBy, p.atomicity, p.overwrite, p.json, p.delimiter, p.create, p.o3MaxLag, p.maxUncommittedRows],
    ['DAY', 'skipRow', true, true, 9, false, 5000, 10]);
});

test('an unknown atomicity falls back to skipCol and only create=false disables create', () => {
  assert.equal(parse('atomicity=whatever').atomicity, 'skipCol');
  assert.equal(parse('create=no').create, true);
});

test('bad values give QuestDB texts', () => {
  assert.throws(() => parse('partitionBy=CENTURY'), /^SvcError: invalid partitionBy$/);
  assert.throws(() => parse('partitionBy=DAY'), /when specifying partitionBy you must also specify timestamp/);
  assert.throws(() => parse('o3MaxLag=1.5'), /invalid o3MaxLag value, must be a long/);
  assert.throws(() => parse('maxUncommittedRows=3000000000'), /invalid maxUncommittedRows, must be an int/);
  assert.throws(() => parse('delimiter=ab'), /invalid delimiter/);
});
