import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseProperties } from './properties';

const map = (text: string): Record<string, string> =>
  Object.fromEntries(parseProperties(text).map((e) => [e.key, e.value]));

test('comments with # and ! and blank lines are skipped', () => {
  assert.deepEqual(map('# a\n! b\n\n  \nx=1'), { x: '1' });
});

test('key and value may be separated by =, : or whitespace', () => {
  assert.deepEqual(map('a=1\nb:2\nc 3\nd = 4\ne\t: 5'), { a: '1', b: '2', c: '3', d: '4', e: '5' });
});

test('continuation lines join and drop the next line\'s leading whitespace', () => {
  assert.deepEqual(map('list=a,\\\n    b,\\\n    c'), { list: 'a,b,c' });
});

test('an even number of trailing backslashes is not a continuation', () => {
  assert.deepEqual(map('a=x\\\\\nb=y'), { a: 'x\\', b: 'y' });
});

test('escapes in keys and values are decoded', () => {
  assert.deepEqual(map('my\\ key=tab\\there\\u0041\\=x'), { 'my key': 'tab\there' + 'A=x' });
});

test('later keys win and line numbers are kept', () => {
  const entries = parseProperties('a=1\n\na=2');
  assert.equal(entries[1].line, 3);
  assert.deepEqual(map('a=1\na=2'), { a: '2' });
});

test('CRLF line endings and a BOM are accepted', () => {
  assert.deepEqual(map('\uFEFFa=1\r\nb=2\r\n'), { a: '1', b: '2' });
});
