/**
 * Folds kernels' partial aggregates into the query's aggregate states: for partial group r going to
 * group `groups[r]` (or r itself), count and sum add up, min and max keep the better value of the groups
 * that saw one. Partials of consecutive row ranges merged in order give the groups a single pass gives.
 */
import { FusedAggregate } from '../extension/sql-function';

/**
 * @param targets the states' fused arrays (after `init` made room for every target group)
 * @param fields per aggregate its accumulator array then its count array, `n` partial groups long
 * @param groups the target group of each partial group; undefined maps r to r
 */
export function mergePartials(targets: readonly FusedAggregate[], fields: readonly Float64Array[], groups: Int32Array | undefined, n: number): void {
  targets.forEach((t, j) => {
    const acc = fields[2 * j], cnt = fields[2 * j + 1];
    const A = t.acc, N = t.counts;
    switch (t.op) {
      case 'count':
        for (let r = 0; r < n; r++) N[groups ? groups[r] : r] += cnt[r];
        return;
      case 'sum':
        for (let r = 0; r < n; r++) {
          const g = groups ? groups[r] : r;
          A[g] += acc[r];
          N[g] += cnt[r];
        }
        return;
      default: {
        const max = t.op === 'max';
        for (let r = 0; r < n; r++) {
          if (cnt[r] === 0) continue;
          const g = groups ? groups[r] : r;
          const x = acc[r];
          if (N[g] === 0 || (max ? x > A[g] : x < A[g])) A[g] = x;
          N[g] = 1;
        }
      }
    }
  });
}
