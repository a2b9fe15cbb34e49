/** Growing typed arrays for per-group aggregate slots. */
export function growF64(a: Float64Array<ArrayBuffer>, n: number, fillWith = 0): Float64Array<ArrayBuffer> {
  if (n <= a.length) return a;
  const b = new Float64Array(Math.max(n, a.length * 2, 16));
  b.set(a);
  if (fillWith !== 0) b.fill(fillWith, a.length);
  return b;
}
