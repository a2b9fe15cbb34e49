/**
 * QuestDB's semantics written as DuckDB macros, created on the fuzzer's DuckDB connection before any query.
 * The DuckDB side of every generated query calls these where QuestDB and standard SQL part ways, so the
 * translation states each dialect difference once (docs/fuzzing.md lists them):
 * - a DOUBLE/FLOAT is NULL when it is NaN or ±Infinity (`Numbers.isNull`), and a NaN never reaches a
 *   DuckDB comparison (DuckDB orders NaN above every number);
 * - `=` on doubles is true within 1e-10 (`Numbers.DOUBLE_TOLERANCE`) and for two NULLs; `<` is false
 *   when `=` is true; comparisons never return NULL (NULL = NULL is true, NULL < x is false);
 * - INT and LONG arithmetic wraps around (Java's `int`/`long`), and the minimum value is NULL;
 * - integer division and remainder by zero are NULL, a double division with a non-finite result is NULL;
 * - a narrowing cast of a double is NULL out of range; of an integer it keeps the low bits.
 */
export const DUCK_MACROS: readonly string[] = [
  'CREATE OR REPLACE MACRO q_nn(x) AS CASE WHEN isnan(x) THEN NULL ELSE x END',
  'CREATE OR REPLACE MACRO q_fin(x) AS CASE WHEN isfinite(x) THEN x ELSE NULL END',
  'CREATE OR REPLACE MACRO q_dnull(x) AS (x IS NULL OR NOT isfinite(x))',
  'CREATE OR REPLACE MACRO q_deq(a, b) AS ((q_dnull(a) AND q_dnull(b)) OR coalesce(abs(a::DOUBLE - b::DOUBLE) <= 1e-10, false))',
  'CREATE OR REPLACE MACRO q_dlt(a, b) AS (NOT q_deq(a, b) AND coalesce(a::DOUBLE < b::DOUBLE, false))',
  'CREATE OR REPLACE MACRO q_dle(a, b) AS (q_deq(a, b) OR coalesce(a::DOUBLE < b::DOUBLE, false))',
  'CREATE OR REPLACE MACRO q_ieq(a, b) AS (a IS NOT DISTINCT FROM b)',
  'CREATE OR REPLACE MACRO q_ilt(a, b) AS coalesce(a < b, false)',
  'CREATE OR REPLACE MACRO q_ile(a, b) AS ((a IS NOT DISTINCT FROM b) OR coalesce(a < b, false))',
  'CREATE OR REPLACE MACRO q_wrap(x, bits) AS ((((x::HUGEINT + (1::HUGEINT << (bits - 1))) % (1::HUGEINT << bits)) + (1::HUGEINT << bits)) % (1::HUGEINT << bits) - (1::HUGEINT << (bits - 1)))',
  'CREATE OR REPLACE MACRO q_i32(x) AS nullif(q_wrap(x, 32), -2147483648)::INTEGER',
  'CREATE OR REPLACE MACRO q_i64(x) AS nullif(q_wrap(x, 64), -9223372036854775808)::BIGINT',
  'CREATE OR REPLACE MACRO q_i16(x) AS coalesce(q_wrap(x, 16), 0)::SMALLINT',
  'CREATE OR REPLACE MACRO q_i8(x) AS coalesce(q_wrap(x, 8), 0)::TINYINT',
  'CREATE OR REPLACE MACRO q_idiv(a, b) AS (a::HUGEINT // nullif(b, 0)::HUGEINT)',
  'CREATE OR REPLACE MACRO q_imod(a, b) AS (a::HUGEINT % nullif(b, 0)::HUGEINT)',
  'CREATE OR REPLACE MACRO q_d2i(x, lo, hi) AS CASE WHEN q_dnull(x) OR x::DOUBLE > hi OR x::DOUBLE < lo THEN NULL ELSE greatest(least(trunc(x::DOUBLE)::HUGEINT, hi), lo) END',
  'CREATE OR REPLACE MACRO q_len(s) AS coalesce(length(s), -1)',
  // Java's String.length(): UTF-16 units, so a character outside the BMP counts twice.
  "CREATE OR REPLACE MACRO q_len16(s) AS coalesce(length(s) + length(regexp_replace(s, '[^\\x{10000}-\\x{10FFFF}]', '', 'g')), -1)",
  // Java's Math.round: floor(x + 1/2) computed exactly, saturated to the LONG range, then a DOUBLE again.
  'CREATE OR REPLACE MACRO q_round(x) AS CASE WHEN q_dnull(x) THEN NULL WHEN x >= 9.223372036854776e18 THEN 9.223372036854776e18 '
    + 'WHEN x <= -9.223372036854776e18 THEN -9.223372036854776e18 WHEN abs(x) >= 4503599627370496 THEN x '
    + 'WHEN x - floor(x) >= 0.5 THEN floor(x) + 1 ELSE floor(x) END',
];
