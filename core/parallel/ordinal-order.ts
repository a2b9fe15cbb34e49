/**
 * The rank of each value among distinct non-negative integer ordinals (below 2^53): a least significant
 * digit radix sort, 11 bits a pass, over typed arrays only. Radix partitions return their groups with
 * the ordinal of each group's first row; ranking those puts the groups back in scan order.
 */
const DIGIT = 2048;

export function ordinalRanks(ordinals: Float64Array): Int32Array {
  const n = ordinals.length;
  let order = new Int32Array(n), spare = new Int32Array(n);
  let max = 0;
  for (let i = 0; i < n; i++) {
    order[i] = i;
    if (ordinals[i] > max) max = ordinals[i];
  }
  const starts = new Int32Array(DIGIT);
  for (let unit = 1; unit <= max; unit *= DIGIT) {
    starts.fill(0);
    for (let i = 0; i < n; i++) starts[Math.floor(ordinals[i] / unit) % DIGIT]++;
    for (let d = 0, at = 0; d < DIGIT; d++) { const c = starts[d]; starts[d] = at; at += c; }
    for (let k = 0; k < n; k++) {
      const i = order[k];
      spare[starts[Math.floor(ordinals[i] / unit) % DIGIT]++] = i;
    }
    const t = order; order = spare; spare = t;
  }
  const ranks = spare;
  for (let k = 0; k < n; k++) ranks[order[k]] = k;
  return ranks;
}
