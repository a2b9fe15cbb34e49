/**
 * Turns kernel source into a function, once per distinct source per thread. Sources come only from
 * kernel-source.ts, which assembles fixed snippets (no query text: columns are array slots, literals are
 * arguments), so the cache holds one entry per query shape, not per query.
 */
import { KernelFunction } from './kernel-runtime';

const MAX_SHAPES = 256;
const compiled = new Map<string, KernelFunction>();

export function compileKernel(source: string): KernelFunction {
  let kernel = compiled.get(source);
  if (!kernel) {
    if (compiled.size >= MAX_SHAPES) compiled.clear();
    kernel = new Function('cols', 'lo', 'hi', 'a', 'rt', source) as KernelFunction;
    compiled.set(source, kernel);
  }
  return kernel;
}
