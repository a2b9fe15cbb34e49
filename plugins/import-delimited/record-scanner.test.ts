import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RecordScanner } from './record-scanner';

const enc = new TextEncoder();
const dec = new TextDecoder();

function records(text: string, final = true): string[][] {
  const b = enc.encode(text);
  const s = new RecordScanner(0x2c);
  const out: string[][] = [];
  let p = 0;
  while (p < b.length) {
    const next = s.scan(b, p, b.length, final);
    if (next < 0) break;
    p = next;
    const row: string[] = [];
    for (let i = 0; i < s.count; i++) {
      row.push(s.escaped[i] ? dec.decode(s.unescaped.subarray(0, s.unescape(b, i))) : dec.decode(b.subarray(s.starts[i], s.ends[i])));
    }
    out.push(row);
  }
  return out;
}

test('quoted fields keep delimiters, doubled quotes and line ends', () => {
  assert.deepEqual(records('1,"a,b"\n2,"say ""hi"""\n3,"x\r\ny"\n'), [['1', 'a,b'], ['2', 'say "hi"'], ['3', 'x\r\ny']]);
});

test('CRLF, LF and CR all end a record', () => {
  assert.deepEqual(records('a,b\r\nc,d\ne,f\rg,h'), [['a', 'b'], ['c', 'd'], ['e', 'f'], ['g', 'h']]);
});

test('a record cut by the end of a chunk waits for more bytes', () => {
  assert.deepEqual(records('a,b\nc,"d\n', false), [['a', 'b']]);
  assert.deepEqual(records('a,b\nc,d', false), [['a', 'b']]);
});

test('empty fields and empty lines are kept as empty', () => {
  assert.deepEqual(records(',x,\n\n'), [['', 'x', ''], ['']]);
});
