import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Types } from '../data/column-type';
import { MemorySymbolTable } from '../data/symbol-table';
import { Vector } from '../data/vector';
import { QueryCancellation } from '../sql/query-cancellation';
import { QueryMemory } from '../sql/query-memory';
import { gather } from '../sql/vector/vector-ops';
import { MIN_PARALLEL_GATHER_ROWS, parallelGather } from './parallel-gather';
import { ParallelStep } from './parallel-step';
import { QueryWorkers } from './query-workers';

const workers = new QueryWorkers({ workers: 2, minRows: 0, filter: true, groupBy: true });
after(() => workers.close());

function step(): ParallelStep {
  const cancellation = new QueryCancellation(new AbortController().signal, Infinity);
  return new ParallelStep({ signal: cancellation.signal, cancellation, memory: new QueryMemory(Infinity) });
}

const N = 200_000;
let x = 99;
const rnd = (n: number): number => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 8) % n; };
const sharedF64 = new Float64Array(new SharedArrayBuffer(N * 8));
const sharedI32 = new Int32Array(new SharedArrayBuffer(N * 4));
for (let i = 0; i < N; i++) { sharedF64[i] = rnd(10) === 0 ? NaN : rnd(1_000_000) / 7; sharedI32[i] = rnd(50) - 1; }
const plainF64 = Float64Array.from({ length: N }, (_v, i) => i * 0.5);
const text = new TextEncoder().encode(Array.from({ length: N }, (_v, i) => `r${i}`).join(''));
const offsets = new Int32Array(N + 1);
for (let i = 0, at = 0; i < N; i++) { at += `r${i}`.length; offsets[i + 1] = at; }
const symbols = new MemorySymbolTable(Array.from({ length: 49 }, (_v, i) => `s${i}`));
const vectors: Vector[] = [
  { type: Types.DOUBLE, data: sharedF64 },
  { type: Types.SYMBOL, data: sharedI32, symbols },
  { type: Types.TIMESTAMP, data: plainF64 },
  { type: Types.VARCHAR, data: text, offsets },
];

test('rows gathered on the workers equal the ones gathered here, shared, plain and var-size columns alike', async () => {
  for (const count of [MIN_PARALLEL_GATHER_ROWS - 1, MIN_PARALLEL_GATHER_ROWS, 30_001]) {
    const picked = new Set<number>();
    while (picked.size < count) picked.add(rnd(N));
    const rows = Int32Array.from([...picked].sort((a, b) => a - b));
    const s = step();
    const got = await parallelGather(workers, () => s)(vectors, rows);
    s.finish();
    vectors.forEach((v, k) => {
      const want = gather(v, rows, rows.length);
      assert.deepEqual([...got[k].data], [...want.data], `column ${k}, ${count} rows`);
      assert.deepEqual(got[k].offsets && [...got[k].offsets], want.offsets && [...want.offsets]);
      assert.equal(got[k].symbols, v.symbols);
      assert.equal(got[k].type, v.type);
    });
    // The shared columns come back on shared memory from the workers once there are enough rows.
    assert.equal(got[0].data.buffer instanceof SharedArrayBuffer, count >= MIN_PARALLEL_GATHER_ROWS);
  }
});
