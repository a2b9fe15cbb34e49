/**
 * The rank of each value among distinct non-negative integer ordinals (below 2^53): a least significant
 * digit radix sort, 11 bits a pass, over typed arrays only. Radix partitions return their groups with
 * the ordinal of each group's first row; ranking those puts the groups back in scan order.
 */
const DIGIT = 2048;

export function ordinalRanks(ordinals: Float64Array): Int32Array {
  const n = ordinals.length;
  let order = new Int32Array(n), spare = new Int32Array(n);
  const max = identity(ordinals, order);
  const starts = new Int32Array(DIGIT);
  for (let unit = 1; unit <= max; unit *= DIGIT) {
    radixPass(ordinals, order, spare, starts, unit);
    const t = order; order = spare; spare = t;
  }
  const ranks = spare;
  for (let k = 0; k < n; k++) ranks[order[k]] = k;
  return ranks;
}

// One loop per function (see aggregate-output.ts): a function with several long loops in a row is
// deoptimized at each loop it had not reached when V8 optimized it on-stack.

/** `order[i] = i`; returns the greatest ordinal. */
function identity(ordinals: Float64Array, order: Int32Array): number {
  let max = 0;
  for (let i = 0; i < order.length; i++) {
    order[i] = i;
    if (ordinals[i] > max) max = ordinals[i];
  }
  return max;
}

/** One stable counting pass on the digit `floor(ordinal / unit) % DIGIT`, from `order` into `out`. */
function radixPass(ordinals: Float64Array, order: Int32Array, out: Int32Array, starts: Int32Array, unit: number): void {
  countDigits(ordinals, starts, unit);
  for (let d = 0, at = 0; d < DIGIT; d++) { const c = starts[d]; starts[d] = at; at += c; }
  scatter(ordinals, order, out, starts, unit);
}

function countDigits(ordinals: Float64Array, starts: Int32Array, unit: number): void {
  starts.fill(0);
  for (let i = 0; i < ordinals.length; i++) starts[Math.floor(ordinals[i] / unit) % DIGIT]++;
}

function scatter(ordinals: Float64Array, order: Int32Array, out: Int32Array, starts: Int32Array, unit: number): void {
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    out[starts[Math.floor(ordinals[i] / unit) % DIGIT]++] = i;
  }
}
