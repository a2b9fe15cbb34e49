/**
 * Null sentinels, as stored on disk and in memory. No `null` in hot loops:
 * a kernel compares with these.
 */
export const INT_NULL = -2147483648;
/** -2^63: exactly representable as a double, so LONG/DATE/TIMESTAMP vectors (Float64Array) use it directly. */
export const LONG_NULL = -9223372036854775808;
export const LONG_NULL_BIG = -9223372036854775808n;
export const SYMBOL_NULL = -1;
export const CHAR_NULL = 0;
export const IPV4_NULL = 0;
export const GEOHASH_NULL = -1;
/** QuestDB's `Numbers.DOUBLE_TOLERANCE`: two doubles closer than this are equal in comparisons. */
export const DOUBLE_TOLERANCE = 1e-10;
/** Largest magnitude a double holds exactly; LONG values beyond it travel in `Vector.exact`. */
export const MAX_SAFE_LONG = 9007199254740991;
