/**
 * Arrow validity bitmaps (bit i set = row i holds a value) built from svc's null sentinels
 * (core/data/vector.ts). Each builder loops once over a typed array and allocates only the bitmap, and
 * only when some row is null: a column without nulls travels with no bitmap at all.
 */
export interface Validity {
  readonly nullCount: number;
  /** Undefined when no row is null. */
  readonly bitmap: Uint8Array | undefined;
}

const ALL_VALID: Validity = Object.freeze({ nullCount: 0, bitmap: undefined });

function fromFirstNull(n: number, first: number, isNull: (i: number) => boolean): Validity {
  const bitmap = new Uint8Array((n + 7) >> 3);
  // Rows before the first null are all valid.
  for (let i = 0; i < first; i++) bitmap[i >> 3] |= 1 << (i & 7);
  let nulls = 0;
  for (let i = first; i < n; i++) {
    if (isNull(i)) nulls++;
    else bitmap[i >> 3] |= 1 << (i & 7);
  }
  return { nullCount: nulls, bitmap };
}

/** Rows equal to `sentinel` are null (INT, LONG family, SYMBOL keys, IPv4). */
export function sentinelValidity(data: ArrayLike<number>, n: number, sentinel: number): Validity {
  let i = 0;
  while (i < n && data[i] !== sentinel) i++;
  if (i === n) return ALL_VALID;
  return fromFirstNull(n, i, (k) => data[k] === sentinel);
}

/** NaN is null (FLOAT, DOUBLE: sql-dialect's null for floating point). */
export function nanValidity(data: Float32Array | Float64Array, n: number): Validity {
  let i = 0;
  while (i < n && data[i] === data[i]) i++;
  if (i === n) return ALL_VALID;
  return fromFirstNull(n, i, (k) => data[k] !== data[k]);
}

/** `nulls[i] === 1` is null (STRING, VARCHAR, BINARY, ARRAY). */
export function flagValidity(nulls: Uint8Array | undefined, n: number): Validity {
  if (nulls === undefined) return ALL_VALID;
  let i = 0;
  while (i < n && nulls[i] !== 1) i++;
  if (i === n) return ALL_VALID;
  return fromFirstNull(n, i, (k) => nulls[k] === 1);
}

/** A bitmap from a per-row predicate, for the rarer types. */
export function predicateValidity(n: number, isNull: (i: number) => boolean): Validity {
  let i = 0;
  while (i < n && !isNull(i)) i++;
  if (i === n) return ALL_VALID;
  return fromFirstNull(n, i, isNull);
}
