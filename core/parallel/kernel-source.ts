/**
 * Generates kernel source from a shape, out of this file's fixed snippets only: columns are `c<k>`
 * locals loaded from the task's arrays, constants are `a<k>` locals loaded from its arguments, the filter
 * predicate is CompiledFilter's own generated text. Kernels walk their range in blocks of `rt.block`
 * rows, checking for cancellation between blocks; a filter fills the selection vector `sel` with a
 * block's matching rows (selection-loop.ts) and the aggregate steps then run over the selection only.
 */
import { LONG_NULL, INT_NULL } from '../data/null-values';
import { AggregateKernelShape, FilterKernelShape, KernelAggregate, NullKind, leadArgs } from './kernel-shape';
import { hashSource } from '../sql/operators/number-hash';
import { selectionLoop } from '../sql/selection-loop';

const sources = new Map<string, string>();

function notNull(v: string, kind: NullKind): string {
  switch (kind) {
    case 'nan': return `${v} === ${v}`;
    case 'long': return `${v} !== ${LONG_NULL}`;
    case 'int': return `${v} !== ${INT_NULL}`;
    default: return 'true';
  }
}

export function prologue(columns: number, args: number): string {
  const cols = Array.from({ length: columns }, (_, k) => `c${k} = cols[${k}]`);
  const consts = Array.from({ length: args }, (_, k) => `a${k} = a[${k}]`);
  return [cols.length ? `const ${cols.join(', ')};` : '', consts.length ? `const ${consts.join(', ')};` : ''].join(' ');
}

/**
 * The row step of aggregate `j` whose accumulator and count are the lvalues `acc` and `cnt`, reading
 * its argument from `value` (row `i` of its column unless given).
 */
export function step(f: KernelAggregate, acc: string, cnt: string, value = valueOf(f)): string {
  if (f.op === 'count') return '';
  const guard = notNull('v', f.nulls);
  if (f.op === 'sum') return `{ const v = ${value}; if (${guard}) { ${acc} += v; ${cnt}++; } }`;
  const cmp = f.op === 'max' ? '>' : '<';
  return `{ const v = ${value}; if (${guard}) { if (${cnt} === 0 || v ${cmp} ${acc}) ${acc} = v; ${cnt}++; } }`;
}

/** Row `i`'s argument of aggregate `f`: its column's value, or its computed value. */
export function valueOf(f: KernelAggregate): string {
  return f.value ?? `c${f.column}[i]`;
}

/** The block loop: over the filter's selection when there is one, else over every row of the block. */
export function blocks(shape: AggregateKernelShape, perRow: string, perBlock: string): string {
  const body = shape.filter
    ? `let k = 0; ${selectionLoop(shape.filter.body, 'b', 'e', 'sel')} R += k; `
      + `for (let j = 0; j < k; j++) { const i = sel[j]; ${perRow} }`
    : `R += e - b; ${perBlock || `for (let i = b; i < e; i++) { ${perRow} }`}`;
  return `for (let b = lo; b < hi; b += B) { if (rt.stopped()) return null; const e = b + B < hi ? b + B : hi; ${body} }`;
}

/**
 * Unfiltered DOUBLE sums of a block, two aggregates to a loop so both columns stream at once (a pass per
 * column was a quarter slower): four independent chains each; a NaN result means nulls, summed again
 * skipping them.
 */
function blockSums(sums: readonly { readonly f: KernelAggregate; readonly j: number }[]): string {
  const chains = sums.map(({ j }) => `s0_${j} = 0, s1_${j} = 0, s2_${j} = 0, s3_${j} = 0`).join(', ');
  const four = sums.map(({ f, j }) => {
    const c = `c${f.column}`;
    return `s0_${j} += ${c}[i]; s1_${j} += ${c}[i + 1]; s2_${j} += ${c}[i + 2]; s3_${j} += ${c}[i + 3];`;
  }).join(' ');
  const tail = sums.map(({ f, j }) => `s0_${j} += c${f.column}[i];`).join(' ');
  const fold = sums.map(({ f, j }) => {
    const c = `c${f.column}`;
    return `{ const s = (s0_${j} + s1_${j}) + (s2_${j} + s3_${j}); `
      + `if (s === s) { A${j} += s; N${j} += e - b; } else { for (let i = b; i < e; i++) { const v = ${c}[i]; if (v === v) { A${j} += v; N${j}++; } } } }`;
  }).join(' ');
  return `{ let ${chains}, i = b; for (; i + 3 < e; i += 4) { ${four} } for (; i < e; i++) { ${tail} } ${fold} }`;
}

/** How max or min compares a value with the best so far, and the value it starts from (every value beats it). */
function extreme(f: KernelAggregate): { readonly cmp: string; readonly start: string } {
  return f.op === 'max' ? { cmp: '>', start: '-Infinity' } : { cmp: '<', start: 'Infinity' };
}

/**
 * Unfiltered DOUBLE max or min of a block: four chains, compared without the per-row count; NaN (null)
 * never compares true, so it never enters a chain. A block whose result is still the starting ±Infinity
 * (every row null, or that infinity itself) is done again row by row. For max/min the count only tells
 * whether a value was seen (partial-merge.ts).
 */
function blockExtreme(f: KernelAggregate, j: number): string {
  const c = `c${f.column}`;
  const { cmp, start } = extreme(f);
  return `{ let m0 = ${start}, m1 = m0, m2 = m0, m3 = m0, i = b; for (; i + 3 < e; i += 4) { `
    + `const v0 = ${c}[i], v1 = ${c}[i + 1], v2 = ${c}[i + 2], v3 = ${c}[i + 3]; `
    + `if (v0 ${cmp} m0) m0 = v0; if (v1 ${cmp} m1) m1 = v1; if (v2 ${cmp} m2) m2 = v2; if (v3 ${cmp} m3) m3 = v3; } `
    + `for (; i < e; i++) { const v = ${c}[i]; if (v ${cmp} m0) m0 = v; } `
    + `if (m1 ${cmp} m0) m0 = m1; if (m2 ${cmp} m0) m0 = m2; if (m3 ${cmp} m0) m0 = m3; `
    + `if (m0 !== ${start}) { if (N${j} === 0 || m0 ${cmp} A${j}) A${j} = m0; N${j}++; } `
    + `else { for (let i = b; i < e; i++) ${step(f, `A${j}`, `N${j}`)} } }`;
}

/** The ungrouped kernel's parts: its accumulator locals `A<j>`/`N<j>` and row count `R`, and the block loop over `[lo, hi)`. */
function flatParts(shape: AggregateKernelShape): { readonly state: string; readonly loop: string } {
  const aggs = shape.aggregates;
  const state = `${aggs.map((_f, j) => `let A${j} = 0, N${j} = 0;`).join(' ')} let R = 0;`;
  const perRow = aggs.map((f, j) => step(f, `A${j}`, `N${j}`)).join(' ');
  // Block chains read a column four rows at a time: computed values take the row steps.
  const chained = (f: KernelAggregate): boolean => f.nulls === 'nan' && f.value === undefined;
  const sums = aggs.flatMap((f, j) => (f.op === 'sum' && chained(f) ? [{ f, j }] : []));
  const pairs = Array.from({ length: Math.ceil(sums.length / 2) }, (_, k) => blockSums(sums.slice(2 * k, 2 * k + 2)));
  const perBlock = [...pairs, ...aggs.map((f, j) => {
    if (f.op === 'count' || (f.op === 'sum' && chained(f))) return '';
    if ((f.op === 'max' || f.op === 'min') && chained(f)) return blockExtreme(f, j);
    return `for (let i = b; i < e; i++) ${step(f, `A${j}`, `N${j}`)}`;
  })].join(' ');
  return { state, loop: blocks(shape, perRow, perBlock || ' ') };
}

function flatSource(shape: AggregateKernelShape): string {
  const { state, loop } = flatParts(shape);
  const fields = shape.aggregates.map((f, j) => (f.op === 'count' ? 'P, P' : `Float64Array.of(A${j}), Float64Array.of(N${j})`));
  return `${state} ${loop} const P = Float64Array.of(R); return { presence: P, fields: [${fields.join(', ')}] };`;
}

/** The runs of a runs-mode kernel: the two column slots after the shape's hold their first rows and ends. */
function runsHead(shape: AggregateKernelShape): string {
  const n = shape.columns;
  return `const RS = cols[${n}], RE = cols[${n + 1}], G = RS.length, first = lo, last = hi;`;
}

/** Runs mode: `body` once per run r, its rows `[lo, hi)` clipped to the task's (a shorter warm-up run folds a prefix only). */
function eachRun(body: string): string {
  return `for (let r = 0; r < G; r++) { const lo = RS[r] > first ? RS[r] : first, hi = RE[r] < last ? RE[r] : last; if (lo >= hi) continue; ${body} }`;
}

/**
 * Runs mode (SAMPLE BY): rows in runs, a run being one time bucket's rows in a partition. Without a key
 * the ungrouped kernel folds each run into partial group r; with a SYMBOL key each run has its own dense
 * slots (group r × slots + slot), with the row of each slot's first row (`firsts`).
 */
export function runsKernelSource(shape: AggregateKernelShape): string {
  return cached(JSON.stringify(['runs', shape]), () => {
    const args = leadArgs(shape);
    const head = `${prologue(shape.columns, args + (shape.key === 'symbol' ? 1 : 0))} const sel = rt.sel, B = rt.block; ${runsHead(shape)}`;
    if (shape.key === 'symbol') return `${head} ${symbolSource(shape, `a${args}`, true)}`;
    const { state, loop } = flatParts(shape);
    const aggs = shape.aggregates;
    const outs = aggs.map((f, j) => (f.op === 'count' ? '' : `, F${j} = new Float64Array(G), M${j} = new Float64Array(G)`)).join('');
    const store = aggs.map((f, j) => (f.op === 'count' ? '' : `F${j}[r] = A${j}; M${j}[r] = N${j};`)).join(' ');
    const fields = aggs.map((f, j) => (f.op === 'count' ? 'P, P' : `F${j}, M${j}`));
    return `${head} const P = new Float64Array(G)${outs}; ${eachRun(`${state} ${loop} P[r] = R; ${store}`)} return { presence: P, fields: [${fields.join(', ')}] };`;
  });
}

/**
 * The row step of aggregate `j` into its group `g` of the symbol-keyed kernel. `N<j>` counts the group's
 * null rows during the loop (made non-null counts from the group's rows after it), so a row not null
 * updates only its accumulator; max and min start at -Infinity and Infinity and need no count to compare.
 */
function groupStep(f: KernelAggregate, j: number): string {
  if (f.op === 'count') return '';
  const A = `A${j}[g]`, N = `N${j}[g]`, load = `const v = ${valueOf(f)};`;
  const fold = f.op === 'sum' ? `${A} += v;` : `if (v ${extreme(f).cmp} ${A}) ${A} = v;`;
  switch (f.nulls) {
    case 'none': return `{ ${load} ${fold} }`;
    // NaN never compares true: only a row that did not replace the extreme can be null.
    case 'nan': return f.op === 'sum' ? `{ ${load} if (v === v) ${fold} else ${N}++; }` : `{ ${load} if (v ${extreme(f).cmp} ${A}) ${A} = v; else if (v !== v) ${N}++; }`;
    default: return `{ ${load} if (${notNull('v', f.nulls)}) { ${fold} } else ${N}++; }`;
  }
}

/** `runs`: per run its own slots (runsKernelSource), each slot's first row in `F`. */
function symbolSource(shape: AggregateKernelShape, slots: string, runs = false): string {
  const aggs = shape.aggregates;
  const size = runs ? `G * ${slots}` : slots;
  const start = (f: KernelAggregate, j: number): string => (f.op === 'max' || f.op === 'min' ? ` A${j}.fill(${extreme(f).start});` : '');
  const state = [`const P = rt.zeros(${size});`, runs ? `const F = rt.zeros(${size});` : '',
    ...aggs.map((f, j) => (f.op === 'count' ? '' : `const A${j} = rt.zeros(${size}), N${j} = rt.zeros(${size});${start(f, j)}`))].join(' ');
  const perRow = runs
    ? `const g = c${shape.keyColumn}[i] + 1 + base; if (P[g]++ === 0) F[g] = i; ${aggs.map(groupStep).join(' ')}`
    : `const g = c${shape.keyColumn}[i] + 1; P[g]++; ${aggs.map(groupStep).join(' ')}`;
  const loop = runs ? eachRun(`const base = r * ${slots}; ${blocks(shape, perRow, '')}`) : blocks(shape, perRow, '');
  const counts = aggs.map((f, j) => (f.op === 'count' ? '' : `for (let s = 0; s < P.length; s++) N${j}[s] = P[s] - N${j}[s];`)).join(' ');
  const fields = aggs.map((f, j) => (f.op === 'count' ? 'P, P' : `A${j}, N${j}`));
  return `${state} let R = 0; ${loop} ${counts} return { presence: P, ${runs ? 'firsts: F, ' : ''}fields: [${fields.join(', ')}] };`;
}

/**
 * Hash mode: the probe is inline (table rows and mask in locals, reloaded after the table grows); a
 * group row is `[key, rows, acc0, cnt0, …]` for the aggregates other than count(*), whose count is `rows`.
 */
/** Where each aggregate's accumulator sits in a group row `[key, rows, acc0, cnt0, …]`, and the row's length. */
export function groupRow(aggs: readonly KernelAggregate[]): { offsets: number[]; stride: number } {
  const offsets: number[] = [];
  let fields = 0;
  for (const f of aggs) { offsets.push(2 + fields); if (f.op !== 'count') fields += 2; }
  return { offsets, stride: 2 + fields };
}

/** The output fields of a hash kernel's extract `x`, per aggregate its accumulator and count arrays. */
export function groupFields(aggs: readonly KernelAggregate[], offsets: readonly number[]): string {
  return aggs.map((f, j) => (f.op === 'count' ? 'x.presence, x.presence' : `x.fields[${offsets[j] - 2}], x.fields[${offsets[j] - 1}]`)).join(', ');
}

function numberSource(shape: AggregateKernelShape): string {
  const aggs = shape.aggregates;
  const { offsets, stride } = groupRow(aggs);
  const probe = `let x = c${shape.keyColumn}[i], s = 0; `
    + 'if (x !== x) { s = tb.nanRow(); T = tb.data; M = tb.mask; } else { x += 0; F[0] = x; '
    + `${hashSource('U[0]', 'U[1]')} let p = h & M; `
    + `for (;;) { s = p * ${stride}; if (T[s + 1] === 0) { T[s] = x; T[s + 1] = 1; if (tb.added(p)) { T = tb.data; M = tb.mask; s = tb.find(x); } break; } `
    + 'if (T[s] === x) { T[s + 1]++; break; } p = (p + 1) & M; } }';
  const perRow = `${probe} ${aggs.map((f, j) => step(f, `T[s + ${offsets[j]}]`, `T[s + ${offsets[j] + 1}]`)).join(' ')}`;
  return `const tb = rt.table(${stride}); let T = tb.data, M = tb.mask; const F = tb.scratch, U = tb.bits; let R = 0; ${blocks(shape, perRow, '')} `
    + `const x = tb.extract(); return { keys: x.keys, presence: x.presence, fields: [${groupFields(aggs, offsets)}] };`;
}

export function cached(key: string, make: () => string): string {
  let s = sources.get(key);
  if (s === undefined) {
    s = make();
    if (sources.size >= 256) sources.clear();
    sources.set(key, s);
  }
  return s;
}

/**
 * Kernel source for an aggregate shape. Arguments: the filter's `a0…`, then (symbol mode) the slot count.
 * Returns per-group `presence` (rows) and per aggregate an accumulator and a count array.
 */
export function aggregateKernelSource(shape: AggregateKernelShape): string {
  return cached(JSON.stringify(['aggregate', shape]), () => {
    const args = leadArgs(shape);
    const head = `${prologue(shape.columns, args + (shape.key === 'symbol' ? 1 : 0))} const sel = rt.sel, B = rt.block;`;
    const body = shape.key === 'none' ? flatSource(shape) : shape.key === 'symbol' ? symbolSource(shape, `a${args}`) : numberSource(shape);
    return `${head} ${body}`;
  });
}

/** Kernel source for a filter: writes matching row indexes of `[lo, hi)` to `rt.selection`. */
export function filterKernelSource(shape: FilterKernelShape): string {
  return cached(JSON.stringify(['filter', shape]), () => `${prologue(shape.columns, shape.filter.args)} const out = rt.selection, B = rt.block; let k = 0; `
    + `for (let b = lo; b < hi; b += B) { if (rt.stopped()) return null; const e = b + B < hi ? b + B : hi; `
    + `${selectionLoop(shape.filter.body, 'b', 'e', 'out')} } return { selected: k };`);
}
