import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BlockSource, LocalSource } from './block-source';
import { ParsePool } from './parse-pool';
import { cell } from './test-support';
import { TableBlock } from './table-block';
import { TimeUnit } from './time-unit';

const LIMITS = { maxLineBytes: 1 << 20, maxLineKey: 'k', maxTables: 100 };

/** Every row of every block as `line table col=value…`, in line order. */
function dump(blocks: readonly TableBlock[]): string[] {
  const out: string[] = [];
  for (const b of blocks) {
    for (let i = 0; i < b.rows; i++) {
      out.push(`${b.lines[i]} ${b.table} ${b.timestamps[i]} ${b.columns.filter((c) => cell(c, i) !== null).map((c) => `${c.name}=${String(cell(c, i))}`).join(',')}`);
    }
  }
  return out.sort((x, y) => Number(x.split(' ')[0]) - Number(y.split(' ')[0]));
}

async function run(source: BlockSource, input: Buffer, chunk: number): Promise<{ rows: string[]; error: string | undefined }> {
  const blocks: TableBlock[] = [];
  for (let o = 0; o < input.length; o += chunk) {
    const wait = source.feed(input.subarray(o, o + chunk));
    if (wait !== undefined) await wait;
    if (o % (chunk * 40) === 0) blocks.push(...await source.take());
  }
  source.end();
  blocks.push(...await source.take());
  const e = source.error;
  source.close();
  return { rows: dump(blocks), error: e === undefined ? undefined : `${e.line}: ${e.message}` };
}

function input(lines: number, odd?: { at: number; line: string }): Buffer {
  const text: string[] = [];
  for (let i = 0; i < lines; i++) text.push(i === odd?.at ? odd.line : `cpu,host=h${i % 7} usage=${i}.5,n=${i}i ${1700000000000000000 + i}`);
  return Buffer.from(text.join('\n'));
}

test('two workers parse plain text in pieces and give the same rows and line numbers as one thread', async () => {
  const pool = new ParsePool(2);
  pool.pieceBytes = 16384;
  try {
    for (const data of [input(3000), input(3000, { at: 2500, line: 'cpu s="a\\\nb" 5' }), input(3000, { at: 2800, line: 'cpu v=oops' })]) {
      const expected = await run(new LocalSource(LIMITS, { precision: TimeUnit.NANOS, now: () => 0 }), data, 4096);
      const actual = await run(pool.open(LIMITS, TimeUnit.NANOS) as BlockSource, data, 4096);
      assert.equal(actual.error, expected.error);
      assert.equal(actual.rows.length, expected.rows.length);
      assert.deepEqual(actual.rows, expected.rows);
    }
  } finally {
    await pool.stop();
  }
});
