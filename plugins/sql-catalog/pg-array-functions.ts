/**
 * PostgreSQL's text-array functions over array text (`{a,b}`), the form svc gives catalog array columns
 * and `ARRAY(SELECT …)`: what Grafana's table picker computes from `search_path`
 * (`string_to_array`, `array_lower`/`array_upper`, `s[i]`) and psql's and JDBC's catalog queries use
 * (`array_to_string`, `x = ANY(a)`, `parse_ident`). Subscripts count from 1.
 */
import { ColumnType, textArrayType, Types } from '../../core/data/column-type';
import { ScalarFunction } from '../../core/extension/sql-function';
import { parseTextArray, textArray } from '../../core/sql/subquery-value';
import { rowFunction } from '../sql-functions/row-kernels';

const S = Types.STRING, I = Types.INT, B = Types.BOOLEAN;

/** The parts of a qualified name: `public."My Table"` → public, My Table (quotes kept out, case as written). */
function identParts(text: string): string[] {
  const out: string[] = [];
  const re = /\s*(?:"((?:[^"]|"")*)"|([^."\s]+))\s*(?:\.|$)/gy;
  for (let m = re.exec(text); m && m[0] !== ''; m = re.exec(text)) out.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : (m[2] ?? '').toLowerCase());
  return out;
}

const elements = (a: unknown): (string | null)[] => (a === null ? [] : parseTextArray(String(a)));
const TEXT_ARRAY = textArrayType(Types.STRING);
/** The array type among the arguments (array_cat keeps its operands' element type). */
const arrayOf = (types: readonly ColumnType[]): ColumnType => types.find((t) => t.elements !== undefined) ?? TEXT_ARRAY;

export const pgArrayFunctions: readonly ScalarFunction[] = [
  rowFunction('string_to_array', [S, S], TEXT_ARRAY, ([t, sep]) => textArray(String(t).split(String(sep)))),
  // `a || b` on arrays (expression-binder.ts); a NULL array adds nothing, as in PostgreSQL.
  rowFunction('array_cat', ['any', 'any'], arrayOf, ([a, b]) => (a === null && b === null ? null : textArray([...elements(a), ...elements(b)])), { nullSafe: true }),
  rowFunction('array_append', ['any', 'any'], arrayOf, ([a, x]) => textArray([...elements(a), x]), { nullSafe: true }),
  rowFunction('array_prepend', ['any', 'any'], arrayOf, ([x, a]) => textArray([x, ...elements(a)]), { nullSafe: true }),
  rowFunction('array_to_string', [S, S], S, ([a, sep]) => elements(a).filter((x) => x !== null).join(String(sep))),
  rowFunction('array_lower', [S, I], I, ([a, d]) => (Number(d) === 1 && elements(a).length > 0 ? 1 : null)),
  rowFunction('array_upper', [S, I], I, ([a, d]) => { const n = elements(a).length; return Number(d) === 1 && n > 0 ? n : null; }),
  rowFunction('array_length', [S, I], I, ([a, d]) => { const n = elements(a).length; return Number(d) === 1 && n > 0 ? n : null; }),
  rowFunction('cardinality', [S], I, ([a]) => elements(a).length),
  rowFunction('text_array_element', [S, Types.LONG], S, ([a, k]) => elements(a)[Number(k) - 1] ?? null),
  rowFunction('text_array_contains', [S, S], B, ([x, a]) => elements(a).includes(String(x))),
  rowFunction('parse_ident', [S], TEXT_ARRAY, ([t]) => textArray(identParts(String(t)))),
];
