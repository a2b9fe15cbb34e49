/**
 * Kernel sources of the radix-partitioned GROUP BY on one number key (radix-aggregate.ts), from fixed
 * snippets like kernel-source.ts's:
 * - scatter, over rows `[lo, hi)` of one range: the top bits of each kept row's key hash pick its
 *   partition (NaN keys go to partition 0, -0 is keyed as 0); a first pass counts the rows of every
 *   partition, a second writes each row as a record `[key, ordinal and hash, values…]` into the range's
 *   region of the shared record buffer (the last column), partition after partition: 16 bytes a row for
 *   a count, since the write traffic is most of this step's cost. It returns the counts. The partition
 *   bits are part of the source.
 * - partition, over partitions `[lo, hi)`: each partition's segments (one per range, in scan order)
 *   fold into a table of its own, small enough for the core's cache; it returns the groups of every
 *   partition in turn, each in first-seen order, with the ordinal of its first row.
 * Scatter arguments: the filter's `a0…`, then the ordinal of row `lo` (also its first record). Partition arguments: the number of ranges R, then per
 * partition R pairs (first record, records).
 */
import { AggregateKernelShape, KernelAggregate, leadArgs } from './kernel-shape';
import { cached, groupFields, groupRow, prologue, step } from './kernel-source';
import { hashSource } from '../sql/operators/number-hash';

/** Marks a row the filter dropped (partitions are fewer than this). */
export const DROPPED = 255;

/** The column slots whose values a record carries (each aggregate argument once), in record order. */
export function recordValues(aggs: readonly KernelAggregate[]): number[] {
  const slots: number[] = [];
  for (const f of aggs) if (f.op !== 'count' && !slots.includes(f.column)) slots.push(f.column);
  return slots;
}

/**
 * A record's second double holds the row's ordinal times 2^22 plus the low 22 bits of its key's hash (exact
 * below 2^53: ordinals stay below 2^31), so a partition's table finds a key's slot without hashing again
 * while it has at most 2^22 slots.
 */
export const LOW_BITS = 2 ** 22;
const UNSCALE = 2 ** -22;

/** Doubles per record: key, ordinal and hash, values. */
export function recordStride(shape: AggregateKernelShape): number {
  return 2 + recordValues(shape.aggregates).length;
}

export function scatterKernelSource(shape: AggregateKernelShape, bits: number): string {
  return cached(JSON.stringify(['scatter', bits, shape]), () => {
    const args = leadArgs(shape);
    const values = recordValues(shape.aggregates);
    const stride = 2 + values.length;
    const key = `c${shape.keyColumn}`;
    const shift = 32 - bits;
    // With a filter a byte per row holds its partition (or DROPPED); without one the partition is read off the hash.
    const keep = shape.filter ? `if (!(${shape.filter.body})) { Q[i - lo] = ${DROPPED}; continue; } ` : '';
    const part = shape.filter ? `Q[i - lo] = h >>> ${shift};` : '';
    const count = shape.filter ? 'C[Q[i]]++' : `C[H[i] >>> ${shift}]++`;
    const pick = shape.filter ? `const p = Q[i - lo]; if (p === ${DROPPED}) continue; const g = H[i - lo]; ` : `const g = H[i - lo], p = g >>> ${shift}; `;
    const loop = (body: string): string => 'for (let b = lo; b < hi; b += B) { if (rt.stopped()) return null; '
      + `const e = b + B < hi ? b + B : hi; for (let i = b; i < e; i++) { ${body} } }`;
    const write = values.map((c, v) => `W[d + ${2 + v}] = c${c}[i];`).join(' ');
    // The partition bits are literals (a source per partition count): the typer then knows a partition's range.
    return `${prologue(shape.columns + 1, args + 1)} const W = c${shape.columns}, AT = a${args}, B = rt.block; `
      + `const Q = rt.bytes(hi - lo), H = rt.hashes(hi - lo), C = new Int32Array(${DROPPED + 1}), D = new Int32Array(${1 << bits}), F = rt.f64, U = rt.u32; `
      + loop(`${keep}const x = ${key}[i] + 0; let h = 0; if (x === x) { F[0] = x; ${hashSource('U[0]', 'U[1]').replace('let h =', 'h =')} } H[i - lo] = h; ${part}`)
      + ` for (let i = 0; i < hi - lo; i++) ${count}; for (let p = 0, at = AT; p < ${1 << bits}; p++) { D[p] = at; at += C[p]; } `
      + loop(`${pick}const d = D[p]++ * ${stride}; W[d] = ${key}[i] + 0; W[d + 1] = (AT + (i - lo)) * ${LOW_BITS} + (g & ${LOW_BITS - 1}); ${write}`)
      + ` return { partitionRows: Float64Array.from(C.subarray(0, ${1 << bits})) };`;
  });
}

export function partitionKernelSource(shape: AggregateKernelShape): string {
  return cached(JSON.stringify(['partition', shape]), () => {
    const aggs = shape.aggregates;
    const values = recordValues(aggs);
    const stride = 2 + values.length;
    const { offsets, stride: row } = groupRow(aggs);
    const ordinal = `Math.floor(v * ${UNSCALE})`;
    const probe = 'let x = W[d], s = 0; const v = W[d + 1]; '
      + `if (x !== x) { s = tb.nanRow(${ordinal}); T = tb.data; M = tb.mask; } else { `
      + `let q = M < ${LOW_BITS} ? (v - ${ordinal} * ${LOW_BITS}) & M : tb.home(x); `
      + `for (;;) { s = q * ${row}; if (T[s + 1] === 0) { T[s] = x; T[s + 1] = 1; if (tb.added(q, ${ordinal})) { T = tb.data; M = tb.mask; s = tb.find(x); } break; } `
      + 'if (T[s] === x) { T[s + 1]++; break; } q = (q + 1) & M; } }';
    const fold = aggs.map((f, j) => step(f, `T[s + ${offsets[j]}]`, `T[s + ${offsets[j] + 1}]`, `W[d + ${2 + values.indexOf(f.column)}]`)).join(' ');
    return 'const W = cols[0], NR = a[0], B = rt.block; '
      + 'for (let p = lo; p < hi; p++) { const o = 1 + 2 * (p - lo) * NR; let rows = 0; for (let r = 0; r < NR; r++) rows += a[o + 2 * r + 1]; '
      + `const tb = rt.partitionTable(${row}, rows); let T = tb.data, M = tb.mask; `
      + 'for (let r = 0; r < NR; r++) { const from = a[o + 2 * r], to = from + a[o + 2 * r + 1]; '
      + 'for (let b = from; b < to; b += B) { if (rt.stopped()) return null; const e = b + B < to ? b + B : to; '
      + `for (let k = b; k < e; k++) { const d = k * ${stride}; ${probe} ${fold} } } } rt.keep(tb); } `
      + `const x = rt.kept(${row - 2}); return { keys: x.keys, presence: x.presence, firsts: x.firsts, fields: [${groupFields(aggs, offsets)}] };`;
  });
}
