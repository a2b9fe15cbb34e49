import assert from 'node:assert/strict';
import { test } from 'node:test';
import { byteRange } from './byte-range';

test('a closed, an open and a suffix range', () => {
  assert.deepEqual(byteRange('bytes=0-9', 100), { kind: 'partial', start: 0, end: 9 });
  assert.deepEqual(byteRange('bytes=90-', 100), { kind: 'partial', start: 90, end: 99 });
  assert.deepEqual(byteRange('bytes=-10', 100), { kind: 'partial', start: 90, end: 99 });
});

test('an end past the file is cut at the last byte', () => {
  assert.deepEqual(byteRange('bytes=50-500', 100), { kind: 'partial', start: 50, end: 99 });
});

test('a start past the file cannot be satisfied', () => {
  assert.deepEqual(byteRange('bytes=100-', 100), { kind: 'unsatisfiable' });
  assert.deepEqual(byteRange('bytes=-0', 100), { kind: 'unsatisfiable' });
});

test('no header, other units, lists and reversed ranges send the whole file', () => {
  for (const h of [undefined, 'items=0-1', 'bytes=0-1,5-6', 'bytes=9-2', 'bytes=-', 'bytes=x-y']) {
    assert.deepEqual(byteRange(h, 100), { kind: 'whole' }, String(h));
  }
});
