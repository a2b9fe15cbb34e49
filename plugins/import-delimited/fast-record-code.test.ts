import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { ColumnSink } from './column-sink';
import { createSink } from './create-sink';
import { fastRecordCode } from './fast-record-code';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const stops = new Uint8Array(256);
stops[0x2c] = 1; stops[0x0a] = 1; stops[0x0d] = 1;

function sinks(): ColumnSink[] {
  return [createSink(Types.DOUBLE, 8, { patterns: [] }), createSink(Types.DOUBLE, 8, { patterns: [] })];
}

test('a plain record returns the start of the next one, after LF, CR or CRLF', () => {
  const fast = fastRecordCode(2, 0x2c);
  for (const [text, next] of [['1.5,2\nx', 6], ['1.5,2\rx', 6], ['1.5,2\r\nx', 7]] as const) {
    const s = sinks();
    assert.equal(fast(s, bytes(text), 0, text.length, stops), next, JSON.stringify(text));
    assert.deepEqual(s.map((k) => k.rows), [1, 1]);
  }
});

test('anything else returns -(k + 1) where k sinks appended', () => {
  const fast = fastRecordCode(2, 0x2c);
  const cases: [string, number][] = [
    [',2\n', -1], ['"1",2\n', -1], ['x,2\n', -1], ['1.5', -1], // nothing appended
    ['1.5x,2\n', -2], ['1.5\n', -2], ['1.5,\n', -2], ['1.5,"2"\n', -2], ['1.5,', -2], // the first value appended
    ['1.5,2,3\n', -3], ['1.5,2\r', -3], ['1.5,2;\n', -3], // both appended, then a wrong end
  ];
  for (const [text, code] of cases) assert.equal(fast(sinks(), bytes(text), 0, text.length, stops), code, JSON.stringify(text));
});

test('each call makes a function of its own (type feedback is not shared between parsers)', () => {
  assert.notEqual(fastRecordCode(2, 0x2c), fastRecordCode(2, 0x2c));
});
