/**
 * The hit path of FixedLayout (fixed-layout.ts) as straight-line code, compiled once per layout: a loop
 * over a dozen offsets held in typed arrays cost ~45 ns a value where the same comparisons written out
 * take ~17 (the bench's ISO timestamps, 10M a table). Sources hold only numbers taken from the layout
 * (byte offsets, literal bytes, µs weights), never pattern text.
 */

/** Whether the prefix words at `s` (a DataView over the value's bytes) equal `words`, the last value's. */
export type SameWords = (view: DataView<ArrayBufferLike>, s: number, words: Int32Array) => boolean;
/** The tail's µs (its fraction digits, weighted), or -1 when a tail literal or digit does not match. */
export type TailMicros = (b: Uint8Array, s: number) => number;

const compiled = new Map<string, SameWords | TailMicros>();

function compile<F extends SameWords | TailMicros>(params: readonly string[], source: string): F {
  const key = `${params.join(',')}|${source}`;
  let f = compiled.get(key);
  if (!f) {
    f = new Function(...params, source) as F;
    compiled.set(key, f);
  }
  return f as F;
}

/** Compared from the last word: sorted values differ first in their seconds. */
export function sameWordsCode(wordOffset: readonly number[]): SameWords {
  const terms = wordOffset.map((o, i) => `v.getInt32(s + ${o}, true) === w[${i}]`).reverse();
  return compile<SameWords>(['v', 's', 'w'], `return ${terms.length > 0 ? terms.join(' && ') : 'true'};`);
}

/**
 * `digit[i]` weighs `micros[i]` µs; when the weights fall by ten each digit, the digits are read as one
 * integer times the last weight.
 */
export function tailMicrosCode(litOffset: readonly number[], litByte: readonly number[], digit: readonly number[], micros: readonly number[]): TailMicros {
  const lines: string[] = [];
  if (litOffset.length > 0) lines.push(`if (${litOffset.map((o, i) => `b[s + ${o}] !== ${litByte[i]}`).join(' || ')}) return -1;`);
  const last = micros.length > 0 ? micros[micros.length - 1] : 0;
  const horner = last > 0 && micros.every((m, i) => i + 1 === micros.length || m === micros[i + 1] * 10);
  lines.push('let n = 0; let d = 0;');
  digit.forEach((o, i) => {
    lines.push(`d = b[s + ${o}] - 48; if (d >>> 0 > 9) return -1;`);
    lines.push(horner ? 'n = n * 10 + d;' : `n += d * ${micros[i]};`);
  });
  lines.push(horner ? `return n * ${last};` : 'return n;');
  return compile<TailMicros>(['b', 's'], lines.join('\n'));
}
