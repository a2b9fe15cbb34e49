import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnBatch } from '../../core/data/column-batch';
import { ColumnType, Types } from '../../core/data/column-type';
import { MemorySymbolTable } from '../../core/data/symbol-table';
import { Atomicity, ImportColumn } from '../../core/extension/import-format';
import { DelimitedParser } from './delimited-parser';

function parser(types: readonly ColumnType[], atomicity: Atomicity = 'skipCol', timestampIndex = -1, batchRows = 4, maxLineBytes = 1 << 20): DelimitedParser {
  const columns: ImportColumn[] = types.map((type, i) => ({
    name: `c${i}`, type, fieldIndex: i, patterns: [], symbols: type === Types.SYMBOL ? new MemorySymbolTable() : undefined,
  }));
  return new DelimitedParser({ delimiter: 0x2c, header: true, fieldCount: types.length, columns, timestampIndex, atomicity, skipLev: false, batchRows, maxLineBytes, table: 't' });
}

function feed(p: DelimitedParser, text: string, chunk: number): number[][] {
  const b = new TextEncoder().encode(text);
  for (let o = 0; o < b.length; o += chunk) p.pushSync(b.subarray(o, o + chunk));
  p.finishSync();
  return p.takeReady().map((batch) => Array.from(batch.vectors[0].data));
}

test('records split across chunks at every byte give the same rows', () => {
  const text = 'a,b\n1,x\n2,"y,z"\n3,w\n4,v\n5,u\n';
  for (let chunk = 1; chunk <= text.length; chunk++) {
    const p = parser([Types.INT, Types.VARCHAR]);
    assert.deepEqual(feed(p, text, chunk), [[1, 2, 3, 4], [5]], `chunk ${chunk}`);
  }
});

test('a record longer than the bytes joined across chunks still parses whole', () => {
  const long = 'q'.repeat(40000);
  const text = `a,b\n1,x\n2,"${long}\n${long}"\n3,y\n`;
  for (const chunk of [7, 4096, 16384, 50000]) {
    const p = parser([Types.INT, Types.VARCHAR], 'skipCol', -1, 100);
    const b = new TextEncoder().encode(text);
    for (let o = 0; o < b.length; o += chunk) p.pushSync(b.subarray(o, o + chunk));
    p.finishSync();
    const [batch] = p.takeReady();
    assert.deepEqual(Array.from(batch.vectors[0].data), [1, 2, 3], `chunk ${chunk}`);
    assert.equal(batch.vectors[1].offsets?.[2], 1 + 2 * 40000 + 1, `chunk ${chunk}`);
  }
});

test('skipCol nulls the bad value and counts it', () => {
  const p = parser([Types.INT, Types.DOUBLE], 'skipCol', -1, 100);
  feed(p, 'a,b\n1,x\n2,2\n', 64);
  assert.deepEqual([p.rowsImported, p.rowsRejected, p.errors], [2, 0, [0, 1]]);
});

test('skipRow drops the line and keeps the columns aligned', () => {
  const p = parser([Types.INT, Types.DOUBLE], 'skipRow', -1, 100);
  assert.deepEqual(feed(p, 'a,b\n1,x\n2,2\n', 64), [[2]]);
  assert.deepEqual([p.rowsImported, p.rowsRejected], [1, 1]);
});

test('abort stops at the first bad value', () => {
  const p = parser([Types.INT, Types.DOUBLE], 'abort');
  assert.throws(() => feed(p, 'a,b\n1,x\n', 64), /bad syntax \[line=0, col=1\]$/);
});

test('an empty designated timestamp rejects the line even under skipCol', () => {
  const p = parser([Types.TIMESTAMP, Types.INT], 'skipCol', 0, 100);
  feed(p, 'ts,v\n,1\n2020-01-01T00:00:00.000000Z,2\n', 64);
  assert.deepEqual([p.rowsImported, p.rowsRejected], [1, 1]);
});

test('symbols are interned into the given dictionary', () => {
  const symbols = new MemorySymbolTable();
  const p = new DelimitedParser({
    delimiter: 0x2c, header: false, fieldCount: 1, timestampIndex: -1, atomicity: 'skipCol', skipLev: false, batchRows: 10, maxLineBytes: 1 << 20, table: 't',
    columns: [{ name: 's', type: Types.SYMBOL, fieldIndex: 0, patterns: [], symbols }],
  });
  assert.deepEqual(feed(p, 'a\nb\na\n', 3), [[0, 1, 0]]);
  assert.equal(symbols.value(1), 'b');
});

test('a line longer than maxLineBytes is a rejected row, at any chunk size, and the next lines still parse', () => {
  const text = `a,b\n1,x\n2,"${'q'.repeat(3000)}\n,${'r'.repeat(3000)}"\n3,y\n4,${'s'.repeat(5000)}\n5,z\n`;
  for (const chunk of [1, 100, 1000, 4096, text.length]) {
    const p = parser([Types.INT, Types.VARCHAR], 'skipCol', -1, 100, 2048);
    assert.deepEqual(feed(p, text, chunk), [[1, 3, 5]], `chunk ${chunk}`);
    assert.deepEqual([p.rowsHandled, p.rowsImported], [5, 3], `chunk ${chunk}`);
  }
});

test('a line longer than maxLineBytes fails the import under abort', () => {
  const p = parser([Types.INT, Types.VARCHAR], 'abort', -1, 100, 1024);
  assert.throws(() => feed(p, `a,b\n1,x\n2,${'q'.repeat(5000)}\n`, 512), /line is too long \[line=1, limit=1024/);
});

test('a lent batch is a view the sinks write over once copied, while a full batch keeps its own arrays', () => {
  const p = parser([Types.INT, Types.VARCHAR, Types.UUID], 'skipCol', -1, 3);
  const uuid = (i: number): string => `0000000${i}-0000-0000-0000-000000000000`;
  const rows = (from: number, to: number): Uint8Array => new TextEncoder().encode(
    Array.from({ length: to - from }, (_, k) => `${from + k},${(from + k) % 2 === 1 ? '' : `t${from + k}`},${uuid(from + k)}\n`).join(''));
  const read = (batches: readonly ColumnBatch[]): string[] => batches.flatMap((b) => {
    const [ints, text, ids] = b.vectors;
    return Array.from({ length: b.rowCount }, (_, r) => {
      const t = text.nulls?.[r] === 1 ? 'null' : Buffer.from(text.data.subarray(text.offsets?.[r], text.offsets?.[r + 1])).toString();
      return `${ints.data[r]}:${t}:${Array.from(ids.data.subarray(r * 16, r * 16 + 16)).reduce((x, y) => x + y, 0)}`;
    });
  });
  p.pushSync(new TextEncoder().encode('a,b,c\n'));
  p.pushSync(rows(0, 2));
  p.endBatch(true);
  const a = p.takeReady();
  assert.deepEqual(read(a), ['0:t0:0', '1:null:1']);
  p.pushSync(rows(2, 4));
  p.endBatch(true);
  const b = p.takeReady();
  assert.deepEqual(read(b), ['2:t2:2', '3:null:3']);
  assert.equal(b[0].vectors[0].data.buffer, a[0].vectors[0].data.buffer, 'the sink kept its arrays');
  assert.deepEqual(read(a), read(b), 'the lent view shows what came after it');
  p.pushSync(rows(4, 9));
  const c = p.takeReady();
  p.endBatch(true);
  const d = p.takeReady();
  assert.deepEqual(read(c), ['4:t4:4', '5:null:5', '6:t6:6']);
  assert.deepEqual(read(d), ['7:null:7', '8:t8:8']);
});
