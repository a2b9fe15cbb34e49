import assert from 'node:assert/strict';
import { test } from 'node:test';
import { selectionLoop } from './selection-loop';

type Select = (c0: Float64Array, c1: Int32Array, a0: number, a1: number, out: Int32Array, from: number, to: number) => number;

function compile(body: string): Select {
  return new Function('c0', 'c1', 'a0', 'a1', 'out', 'from', 'to', `let k = 0; ${selectionLoop(body, 'from', 'to', 'out')} return k;`) as Select;
}

test('the eight-row masks select exactly the rows a per-row test selects, for any range and density', () => {
  const bodies = [
    '((c0[i] > a0) && (c1[i] !== a1))',
    '((c0[i] < a0) || ((c1[i] === a1) && (!(c0[i] !== c0[i]))))',
    '(!((c0[i] >= a0) && (c1[i] === a1)))',
    '(c1[i] === a1)',
  ];
  let x = 12345;
  const rnd = (n: number): number => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 8) % n; };
  for (const body of bodies) {
    const fast = compile(body);
    const naive = new Function('c0', 'c1', 'a0', 'a1', 'out', 'from', 'to', `let k = 0; for (let i = from; i < to; i++) { if (${body}) out[k++] = i; } return k;`) as Select;
    for (let round = 0; round < 300; round++) {
      const n = rnd(70);
      const c0 = Float64Array.from({ length: n }, () => (rnd(10) === 0 ? NaN : rnd(100)));
      const c1 = Int32Array.from({ length: n }, () => rnd(4) - 1);
      const density = rnd(101);
      const a0 = density, a1 = rnd(3) - 1;
      const from = rnd(n + 1);
      const to = from + rnd(n - from + 1);
      const got = new Int32Array(n), want = new Int32Array(n);
      const k = fast(c0, c1, a0, a1, got, from, to);
      assert.equal(k, naive(c0, c1, a0, a1, want, from, to), `${body} [${from}, ${to})`);
      assert.deepEqual([...got.subarray(0, k)], [...want.subarray(0, k)], `${body} [${from}, ${to})`);
    }
  }
});
