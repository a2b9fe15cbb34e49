import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnBatch } from '../../core/data/column-batch';
import { Types } from '../../core/data/column-type';
import { MemorySymbolTable } from '../../core/data/symbol-table';
import { decodeUtf8 } from '../../core/data/utf8';
import { Atomicity, ImportColumn } from '../../core/extension/import-format';
import { analyseNdjson } from './ndjson-analysis';
import { NdjsonParser } from './ndjson-parser';

const options = { table: 't', delimiter: undefined, forceHeader: false, maxLines: 1000, maxDelimiterStdDev: 0, maxLineLengthStdDev: 0 };
const bytes = (s: string): Uint8Array => Buffer.from(s, 'utf8');

test('keys become columns in first-seen order, typed by their values', () => {
  const s = analyseNdjson(bytes('{"ts":"2024-01-01T00:00:00.000000Z","n":1,"x":1.5,"ok":true}\n{"s":"a","n":3000000000,"x":2,"o":{"k":[1]},"e":null,"temp.f":1}\n'), true, options);
  assert.deepEqual(s.columns.map((c) => `${c.name}:${c.type.tag === Types.TIMESTAMP.tag ? 'TIMESTAMP' : c.type === Types.LONG ? 'LONG' : c.type === Types.DOUBLE ? 'DOUBLE' : c.type === Types.BOOLEAN ? 'BOOLEAN' : c.type === Types.VARCHAR ? 'VARCHAR' : c.type === Types.INT ? 'INT' : '?'}`),
    ['ts:TIMESTAMP', 'n:LONG', 'x:DOUBLE', 'ok:BOOLEAN', 's:VARCHAR', 'o:VARCHAR', 'e:VARCHAR', 'tempF:INT']);
  assert.equal(s.columns[7].sourceName, 'temp.f');
});

test('a key with numbers in one line and text in another is an error naming both lines', () => {
  assert.throws(() => analyseNdjson(bytes('{"a":1}\n{"a":"x"}\n'), true, options), /mixed types for key "a": integer at line 1, string at line 2 \[table=t\]/);
  assert.throws(() => analyseNdjson(bytes('{"a":1}\n[1]\n'), true, options), /not a JSON object \[line=2, table=t\]/);
  assert.throws(() => analyseNdjson(bytes('{"a":\n'), true, options), /invalid JSON \[line=1, table=t\]/);
});

function column(name: string, type: ImportColumn['type'], fieldIndex: number, symbols?: MemorySymbolTable): ImportColumn {
  return { name, type, fieldIndex, patterns: [], symbols };
}

async function parse(text: string[], columns: ImportColumn[], atomicity: Atomicity = 'skipCol', skipLev = false): Promise<{ parser: NdjsonParser; batches: ColumnBatch[] }> {
  const parser = new NdjsonParser({
    delimiter: 0, header: true, fieldCount: columns.length, columns, timestampIndex: 0, atomicity, skipLev, batchRows: 2, maxLineBytes: 1 << 20, table: 't',
    fieldNames: columns.map((c) => c.name),
  });
  for (const chunk of text) await parser.push(bytes(chunk));
  await parser.finish();
  return { parser, batches: parser.takeReady() };
}

test('values land in their columns whatever the key order and chunk cuts; escapes are undone', async () => {
  const symbols = new MemorySymbolTable();
  const cols = [column('ts', Types.TIMESTAMP, 0), column('s', Types.SYMBOL, 1, symbols), column('v', Types.VARCHAR, 2), column('n', Types.INT, 3)];
  const { parser, batches } = await parse([
    '{"ts":"2024-01-01T00:00:00.000000Z","s":"a","v":"x\\"\\u00e9\\ud83d\\ude00","n":1}\n{"n":2,"v":null,"s":"b","ts":"2024-01-0',
    '1T00:00:01.000000Z"}\n\n{"ts":"2024-01-01T00:00:02.000000Z","n":"3","n":4}',
  ], cols);
  assert.equal(parser.rowsImported, 3);
  assert.equal(batches.length, 2);
  const [b0] = batches;
  assert.deepEqual([...b0.vectors[0].data], [1704067200000000, 1704067201000000]);
  assert.deepEqual([...b0.vectors[1].data].map((k) => symbols.value(k)), ['a', 'b']);
  const v = b0.vectors[2];
  assert.equal(decodeUtf8(v.data as Uint8Array, v.offsets![0], v.offsets![1]), 'x"é😀');
  assert.equal(v.nulls?.[1], 1);
  // The repeated key keeps its last value; a missing symbol is NULL.
  assert.deepEqual([...batches[1].vectors[3].data], [4]);
  assert.deepEqual([...batches[1].vectors[1].data], [-1]);
});

test('atomicity decides what a bad value or a broken line costs', async () => {
  const cols = [column('ts', Types.TIMESTAMP, 0), column('n', Types.INT, 1)];
  const lines = ['{"ts":"2024-01-01T00:00:00.000000Z","n":"x"}\n', '{"ts":"2024-01-01T00:00:01.000000Z","n":2,"extra":1}\nnot json\n'];
  const skipCol = await parse(lines, cols);
  assert.deepEqual([skipCol.parser.rowsHandled, skipCol.parser.rowsImported, skipCol.parser.errors[1]], [3, 1, 1]);
  const skipLev = await parse(lines, cols, 'skipCol', true);
  assert.equal(skipLev.parser.rowsImported, 2);
  const skipRow = await parse(lines, cols, 'skipRow');
  assert.equal(skipRow.parser.rowsImported, 0);
  await assert.rejects(parse(lines, cols, 'abort'), /could not parse value \[column=n, type=INT, line=1, table=t\]/);
  await assert.rejects(parse([lines[1]], cols, 'abort'), /unknown key "extra" \[line=1, table=t\]/);
  await assert.rejects(parse(['not json\n'], cols, 'abort'), /invalid JSON \[line=1, table=t\]/);
});

test('a line longer than maxLineBytes is rejected without being held', async () => {
  const cols = [column('ts', Types.TIMESTAMP, 0), column('n', Types.INT, 1)];
  const parser = new NdjsonParser({
    delimiter: 0, header: true, fieldCount: 2, columns: cols, timestampIndex: 0, atomicity: 'skipCol', skipLev: false, batchRows: 10,
    maxLineBytes: 64, table: 't', fieldNames: ['ts', 'n'],
  });
  await parser.push(bytes(`{"ts":"2024-01-01T00:00:00.000000Z","n":1,"pad":"${'x'.repeat(100)}`));
  await parser.push(bytes(`${'y'.repeat(100)}"}\n{"ts":"2024-01-01T00:00:01.000000Z","n":2}\n`));
  await parser.finish();
  assert.deepEqual([parser.rowsHandled, parser.rowsImported], [2, 1]);
});
