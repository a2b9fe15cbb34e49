import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnBatch } from '../../core/data/column-batch';
import { Types } from '../../core/data/column-type';
import { MemorySymbolTable } from '../../core/data/symbol-table';
import { decodeUtf8 } from '../../core/data/utf8';
import { Atomicity, ParsePlan } from '../../core/extension/import-format';
import { ParseWorkerPool } from './parse-worker-pool';
import { WorkerParser } from './worker-parser';

function plan(atomicity: Atomicity, writerSymbols: MemorySymbolTable): ParsePlan {
  return {
    delimiter: 0x2c, header: true, fieldCount: 3, timestampIndex: -1, atomicity, skipLev: false, batchRows: 3, maxLineBytes: 1 << 20, table: 't',
    columns: [
      { name: 'i', type: Types.INT, fieldIndex: 0, patterns: [] },
      { name: 's', type: Types.SYMBOL, fieldIndex: 1, patterns: [], symbols: writerSymbols },
      { name: 'v', type: Types.VARCHAR, fieldIndex: 2, patterns: [] },
    ],
  };
}

test('a worker parses chunks into batches keyed by the writer dictionary', async () => {
  const symbols = new MemorySymbolTable(['existing', 'b']);
  const p = new WorkerParser(plan('skipCol', symbols));
  const text = new TextEncoder().encode('i,s,v\n1,a,x\n2,b,yy\n3,a,\n4,c,z\n');
  for (let o = 0; o < text.length; o += 5) await p.push(text.subarray(o, o + 5));
  await p.finish();
  const batches = p.takeReady();
  p.close();
  assert.deepEqual(batches.map((b) => b.rowCount), [3, 1]);
  assert.deepEqual(batches.flatMap((b) => Array.from(b.vectors[0].data)), [1, 2, 3, 4]);
  assert.deepEqual(batches.flatMap((b) => Array.from(b.vectors[1].data)).map((k) => symbols.value(k)), ['a', 'b', 'a', 'c']);
  const v = batches[0].vectors[2];
  assert.equal(decodeUtf8(v.data as Uint8Array, v.offsets?.[1] ?? 0, v.offsets?.[2] ?? 0), 'yy');
  assert.equal(v.nulls?.[2], 1);
  assert.deepEqual([p.rowsHandled, p.rowsImported], [4, 4]);
});

test('an abort in the worker rejects the upload with its message', async () => {
  const p = new WorkerParser(plan('abort', new MemorySymbolTable()));
  await assert.rejects(async () => {
    await p.push(new TextEncoder().encode('i,s,v\nx,a,b\n'));
    await p.finish();
  }, /bad syntax \[line=0, col=0\]$/);
  p.close();
});

test('an upload of several pieces keeps every row in order', async () => {
  const symbols = new MemorySymbolTable();
  const p = new WorkerParser(plan('skipCol', symbols));
  const lines = ['i,s,v'];
  for (let i = 0; i < 300_000; i++) lines.push(`${i},k${i % 7},"text, ${i}"`);
  const text = new TextEncoder().encode(lines.join('\n') + '\n');
  for (let o = 0; o < text.length; o += 65536) await p.push(text.subarray(o, o + 65536));
  await p.finish();
  const ids = p.takeReady().flatMap((b) => Array.from(b.vectors[0].data));
  p.close();
  assert.equal(ids.length, 300_000);
  assert.ok(ids.every((id, i) => id === i));
  assert.equal(symbols.size, 7);
});

async function roundTrip(lines: string[], lanes: number): Promise<{ ids: number[]; symbols: MemorySymbolTable; p: WorkerParser }> {
  const symbols = new MemorySymbolTable();
  const p = new WorkerParser(plan('skipCol', symbols), lanes);
  const text = new TextEncoder().encode(lines.join('\n') + '\n');
  for (let o = 0; o < text.length; o += 65536) await p.push(text.subarray(o, o + 65536));
  await p.finish();
  const ids = p.takeReady().flatMap((b) => Array.from(b.vectors[0].data));
  p.close();
  return { ids, symbols, p };
}

test('two lanes share quote-free pieces and rows keep their order', async () => {
  const lines = ['i,s,v'];
  for (let i = 0; i < 400_000; i++) lines.push(`${i},k${i % 5},v${i}`);
  const { ids, symbols, p } = await roundTrip(lines, 2);
  assert.equal(ids.length, 400_000);
  assert.ok(ids.every((id, i) => id === i));
  assert.equal(symbols.size, 5);
  assert.deepEqual([p.rowsHandled, p.rowsImported], [400_000, 400_000]);
});

test('a quote half way switches to one lane without losing a row', async () => {
  const lines = ['i,s,v'];
  for (let i = 0; i < 400_000; i++) lines.push(i === 250_000 ? `${i},k,"multi\nline"` : `${i},k,v`);
  const { ids } = await roundTrip(lines, 2);
  assert.equal(ids.length, 400_000);
  assert.ok(ids.every((id, i) => id === i));
});

test('a batch taken stays intact until the next takeReady, while the workers reuse the slabs of earlier ones', async () => {
  const symbols = new MemorySymbolTable();
  const p = new WorkerParser({ ...plan('skipCol', symbols), batchRows: 65536 }, 2);
  const lines = ['i,s,v'];
  for (let i = 0; i < 600_000; i++) lines.push(`${i},k${i % 3},v${i % 10}`);
  const text = new TextEncoder().encode(lines.join('\n') + '\n');
  const ids: number[] = [];
  const values: string[] = [];
  let batches = 0;
  const read = (taken: readonly ColumnBatch[]): void => {
    for (const b of taken) {
      batches++;
      for (const id of b.vectors[0].data) ids.push(id);
      const v = b.vectors[2];
      for (let r = 0; r < b.rowCount; r++) values.push(decodeUtf8(v.data as Uint8Array, v.offsets?.[r] ?? 0, v.offsets?.[r + 1] ?? 0));
    }
  };
  // Batches wait, ready or taken, while more pieces go out and the workers have time to parse them.
  let taken: ColumnBatch[] = [];
  for (let o = 0, round = 0; o < text.length; o += 1 << 19, round++) {
    await p.push(text.subarray(o, o + (1 << 19)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (round % 3 !== 2) continue;
    read(taken);
    taken = p.takeReady();
  }
  await p.finish();
  read(taken);
  read(p.takeReady());
  p.close();
  assert.ok(batches > 4, `${batches} batches`);
  assert.equal(ids.length, 600_000);
  assert.ok(ids.every((id, i) => id === i));
  assert.ok(values.every((v, i) => v === `v${i % 10}`));
});

test('chunks at any offset and of any length (the stage realigns or bounces them) keep every byte in place', async () => {
  const symbols = new MemorySymbolTable();
  const p = new WorkerParser(plan('skipCol', symbols));
  const lines = ['i,s,v'];
  for (let i = 0; i < 200_000; i++) lines.push(`${i},k${i % 5},v${i % 1000}`);
  const text = new TextEncoder().encode(lines.join('\n') + '\n');
  let x = 7;
  const rnd = (n: number): number => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 8) % n; };
  for (let o = 0; o < text.length;) {
    // Mostly socket-sized pieces, some short; each copied to a fresh buffer at a random offset.
    const n = Math.min(text.length - o, rnd(4) === 0 ? 1 + rnd(300) : 60_000 + rnd(80_000));
    const lead = rnd(8);
    const holder = new Uint8Array(lead + n);
    holder.set(text.subarray(o, o + n), lead);
    await p.push(holder.subarray(lead));
    o += n;
  }
  await p.finish();
  const batches = p.takeReady();
  p.close();
  const ids = batches.flatMap((b) => Array.from(b.vectors[0].data));
  const texts = batches.flatMap((b) => {
    const v = b.vectors[2];
    return Array.from({ length: b.rowCount }, (_, r) => decodeUtf8(v.data as Uint8Array, v.offsets?.[r] ?? 0, v.offsets?.[r + 1] ?? 0));
  });
  assert.equal(ids.length, 200_000);
  assert.ok(ids.every((id, i) => id === i));
  assert.ok(texts.every((t, i) => t === `v${i % 1000}`));
  assert.deepEqual([p.rowsHandled, p.rowsImported], [200_000, 200_000]);
});

test('pooled workers parse the next upload afresh; a failed or cut-off upload\'s workers are not kept', async () => {
  const pool = new ParseWorkerPool(4);
  const upload = async (prefix: string, rows: number): Promise<void> => {
    const symbols = new MemorySymbolTable(['existing']);
    const p = new WorkerParser({ ...plan('skipCol', symbols), batchRows: 4096 }, 2, pool);
    const lines = ['i,s,v'];
    for (let i = 0; i < rows; i++) lines.push(`${i},${prefix}${i % 3},v`);
    const text = new TextEncoder().encode(lines.join('\n') + '\n');
    for (let o = 0; o < text.length; o += 1 << 18) await p.push(text.subarray(o, o + (1 << 18)));
    await p.finish();
    const batches = p.takeReady();
    p.close();
    const ids = batches.flatMap((b) => Array.from(b.vectors[0].data));
    const keys = batches.flatMap((b) => Array.from(b.vectors[1].data));
    assert.equal(ids.length, rows);
    assert.ok(ids.every((id, i) => id === i));
    assert.ok(keys.every((k, i) => symbols.value(k) === `${prefix}${i % 3}`));
    assert.deepEqual([p.rowsHandled, p.rowsImported], [rows, rows]);
  };
  await upload('a', 200_000);
  assert.equal(pool.idleCount, 2);
  // The same two workers, with new dictionaries and the header line skipped again.
  await upload('b', 150_000);
  assert.equal(pool.idleCount, 2);

  const failed = new WorkerParser(plan('abort', new MemorySymbolTable()), 2, pool);
  assert.equal(pool.idleCount, 1);
  await assert.rejects(async () => {
    await failed.push(new TextEncoder().encode('i,s,v\nx,a,b\n'));
    await failed.finish();
  }, /bad syntax/);
  failed.close();
  assert.equal(pool.idleCount, 1);

  const cut = new WorkerParser(plan('skipCol', new MemorySymbolTable()), 1, pool);
  await cut.push(new TextEncoder().encode('i,s,v\n1,a,b\n'));
  cut.close();
  assert.equal(pool.idleCount, 0);
  await upload('c', 1000);
  assert.equal(pool.idleCount, 2);
  await pool.stop();
  assert.equal(pool.idleCount, 0);
});
