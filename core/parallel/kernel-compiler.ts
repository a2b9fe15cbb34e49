/**
 * Turns kernel source into a function, once per distinct source per thread. Sources come only from
 * kernel-source.ts, which assembles fixed snippets (no query text: columns are array slots, literals are
 * arguments), so the cache holds one entry per query shape, not per query.
 */
import { KernelFunction } from './kernel-runtime';

const MAX_SHAPES = 256;
const compiled = new Map<string, KernelFunction>();

/** The kernel of `source`; `fresh` when this call compiled it (it has never run on this thread). */
export function compileKernel(source: string): { kernel: KernelFunction; fresh: boolean } {
  let kernel = compiled.get(source);
  if (kernel) return { kernel, fresh: false };
  if (compiled.size >= MAX_SHAPES) compiled.clear();
  kernel = new Function('cols', 'lo', 'hi', 'a', 'rt', source) as KernelFunction;
  compiled.set(source, kernel);
  return { kernel, fresh: true };
}
