/**
 * Runs several simple aggregates of one GROUP BY (count, sum/avg, min, max over columns) in a single
 * generated loop over the rows, instead of one pass per aggregate. The source is built from this file's
 * fixed snippets only; argument vectors and state arrays are passed in.
 */
import { FusedAggregate } from '../../extension/sql-function';
import { INT_NULL, LONG_NULL } from '../../data/null-values';

type Loop = (groups: Int32Array, n: number, cols: readonly ArrayLike<number>[], acc: readonly Float64Array[], counts: readonly Float64Array[]) => void;

const cache = new Map<string, Loop>();

function isNull(x: string, kind: FusedAggregate['nulls']): string {
  switch (kind) {
    case 'nan': return `${x} !== ${x}`;
    case 'long': return `${x} === ${LONG_NULL}`;
    case 'int': return `${x} === ${INT_NULL}`;
    default: return 'false';
  }
}

function step(k: number, f: FusedAggregate): string {
  if (f.op === 'count') return `N${k}[g]++;`;
  const x = `x${k}`;
  const load = `const ${x} = c${k}[i];`;
  if (f.op === 'sum') return `${load} if (!(${isNull(x, f.nulls)})) { A${k}[g] += ${x}; N${k}[g]++; }`;
  const cmp = f.op === 'max' ? '>' : '<';
  return `${load} if (!(${isNull(x, f.nulls)}) && (N${k}[g] === 0 || ${x} ${cmp} A${k}[g])) { A${k}[g] = ${x}; N${k}[g] = 1; }`;
}

/** `offset` 1 reads SYMBOL keys as group ids directly (key -1, null, is group 0). */
export function fusedLoop(slots: readonly FusedAggregate[], offset: 0 | 1 = 0): Loop {
  const key = `${offset}|${slots.map((f) => `${f.op}:${f.nulls}`).join(',')}`;
  let loop = cache.get(key);
  if (!loop) {
    const loads = slots.map((_f, k) => `const c${k} = cols[${k}], A${k} = acc[${k}], N${k} = counts[${k}];`).join(' ');
    const body = slots.map((f, k) => step(k, f)).join(' ');
    loop = new Function('groups', 'n', 'cols', 'acc', 'counts', `${loads} for (let i = 0; i < n; i++) { const g = groups[i]${offset ? ' + 1' : ''}; ${body} }`) as Loop;
    cache.set(key, loop);
  }
  return loop;
}

type FlatLoop = (n: number, cols: readonly ArrayLike<number>[], acc: readonly Float64Array[], counts: readonly Float64Array[]) => void;
const flatCache = new Map<string, FlatLoop>();

/** The ungrouped form: one pass over all aggregate columns, accumulators in locals, written back once. */
export function fusedFlatLoop(slots: readonly FusedAggregate[]): FlatLoop {
  const key = slots.map((f) => `${f.op}:${f.nulls}`).join(',');
  let loop = flatCache.get(key);
  if (!loop) {
    const pre: string[] = [], body: string[] = [], post: string[] = [];
    slots.forEach((f, k) => {
      pre.push(`const c${k} = cols[${k}], A${k} = acc[${k}], N${k} = counts[${k}];`);
      if (f.op === 'count') { post.push(`N${k}[0] += n;`); return; }
      const x = `x${k}`;
      if (f.op === 'sum' && f.nulls === 'nan') {
        // NaN is DOUBLE's null and propagates through +: sum without a branch, and only when the sum comes
        // out NaN (a null, or +Inf + -Inf) sum that column again skipping nulls. Same order, same result.
        pre.push(`let s${k} = 0;`);
        body.push(`s${k} += c${k}[i];`);
        post.push(`if (s${k} === s${k}) { A${k}[0] += s${k}; N${k}[0] += n; } else { let t = 0, m = 0; `
          + `for (let i = 0; i < n; i++) { const x = c${k}[i]; if (x === x) { t += x; m++; } } A${k}[0] += t; N${k}[0] += m; }`);
        return;
      }
      if (f.op === 'sum') {
        pre.push(`let s${k} = 0, m${k} = 0;`);
        body.push(`const ${x} = c${k}[i]; if (!(${isNull(x, f.nulls)})) { s${k} += ${x}; m${k}++; }`);
        post.push(`A${k}[0] += s${k}; N${k}[0] += m${k};`);
        return;
      }
      const cmp = f.op === 'max' ? '>' : '<';
      pre.push(`let b${k} = A${k}[0], m${k} = N${k}[0];`);
      body.push(`const ${x} = c${k}[i]; if (!(${isNull(x, f.nulls)}) && (m${k} === 0 || ${x} ${cmp} b${k})) { b${k} = ${x}; m${k} = 1; }`);
      post.push(`A${k}[0] = b${k}; N${k}[0] = m${k};`);
    });
    loop = new Function('n', 'cols', 'acc', 'counts', `${pre.join(' ')} for (let i = 0; i < n; i++) { ${body.join(' ')} } ${post.join(' ')}`) as FlatLoop;
    flatCache.set(key, loop);
  }
  return loop;
}
