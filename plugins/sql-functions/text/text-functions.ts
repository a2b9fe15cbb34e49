/**
 * Text functions. They return STRING for STRING input and VARCHAR for VARCHAR
 * input; SYMBOL and CHAR arguments reach the STRING overload through the implicit casts.
 */
import { ColumnType, Types } from '../../../core/data/column-type';
import { ScalarFunction } from '../../../core/extension/sql-function';
import { SqlValue } from '../../../core/sql/vector/sql-value';
import { formatValue } from '../../../core/sql/vector/format-value';
import { rowFunction } from '../row-kernels';

const S = Types.STRING, V = Types.VARCHAR, I = Types.INT, B = Types.BOOLEAN;
const str = (x: SqlValue): string => (typeof x === 'string' ? x : formatValue(x));
const int = (x: SqlValue): number => Number(x);

/** One overload per text type, each returning its own type (or `fixed`). */
function text(name: string, extra: readonly ColumnType[], fn: (s: string, v: SqlValue[]) => SqlValue, fixed?: ColumnType): ScalarFunction[] {
  return [S, V].map((t) => rowFunction(name, [t, ...extra], fixed ?? t, (v) => fn(str(v[0]), v)));
}

function pad(s: string, len: number, fill: string, left: boolean): string {
  if (len <= s.length) return s.slice(0, len);
  if (fill === '') return s;
  const need = len - s.length;
  const padding = fill.repeat(Math.ceil(need / fill.length)).slice(0, need);
  return left ? padding + s : s + padding;
}

/** `s` without the leading and/or trailing code points that are in `characters`. */
function trimChars(s: string, characters: string, leading: boolean, trailing: boolean): string {
  const set = new Set(characters);
  const points = [...s];
  let lo = 0, hi = points.length;
  while (leading && lo < hi && set.has(points[lo])) lo++;
  while (trailing && hi > lo && set.has(points[hi - 1])) hi--;
  return points.slice(lo, hi).join('');
}

export const textFunctions: readonly ScalarFunction[] = [
  ...[S, V].map((t) => rowFunction('concat', ['any'], t, (v) => v.map((x) => (x === null ? '' : str(x))).join(''), { variadic: true, nullSafe: true })),
  rowFunction('||', ['any', 'any'], S, (v) => v.map((x) => (x === null ? '' : str(x))).join(''), { nullSafe: true }),
  // A STRING is UTF-16 (length counts code units, as Java's String.length); a VARCHAR counts code points.
  rowFunction('length', [S], I, (v) => (v[0] === null ? -1 : str(v[0]).length), { nullSafe: true }),
  rowFunction('length', [V], I, (v) => (v[0] === null ? -1 : [...str(v[0])].length), { nullSafe: true }),
  rowFunction('length', [Types.SYMBOL], I, (v) => (v[0] === null ? -1 : str(v[0]).length), { nullSafe: true }),
  rowFunction('length_bytes', [V], I, (v) => (v[0] === null ? -1 : Buffer.byteLength(str(v[0]))), { nullSafe: true }),
  ...text('left', [I], (s, v) => s.slice(0, Math.max(0, int(v[1])))),
  ...text('right', [I], (s, v) => (int(v[1]) <= 0 ? '' : s.slice(-int(v[1])))),
  ...text('substring', [I, I], (s, v) => { const st = int(v[1]) - 1; const len = int(v[2]); return len < 0 ? null : s.slice(Math.max(0, st), Math.max(0, st + len)); }),
  ...text('substring', [I], (s, v) => s.slice(Math.max(0, int(v[1]) - 1))),
  ...text('lower', [], (s) => s.toLowerCase()), ...text('to_lowercase', [], (s) => s.toLowerCase()),
  ...text('upper', [], (s) => s.toUpperCase()), ...text('to_uppercase', [], (s) => s.toUpperCase()),
  // QuestDB trims spaces only (Chars.trim), not tabs, line breaks or other white space.
  ...text('trim', [], (s) => s.replace(/^ +| +$/g, '')), ...text('ltrim', [], (s) => s.replace(/^ +/, '')), ...text('rtrim', [], (s) => s.replace(/ +$/, '')),
  // PostgreSQL's btrim/ltrim/rtrim(s, characters) remove any of the characters (SQL's `trim(BOTH 'x' FROM s)`).
  ...text('btrim', [], (s) => s.replace(/^ +| +$/g, '')),
  ...text('btrim', [S], (s, v) => trimChars(s, str(v[1]), true, true)),
  ...text('ltrim', [S], (s, v) => trimChars(s, str(v[1]), true, false)),
  ...text('rtrim', [S], (s, v) => trimChars(s, str(v[1]), false, true)),
  ...text('lpad', [I, S], (s, v) => pad(s, int(v[1]), str(v[2]), true)),
  ...text('rpad', [I, S], (s, v) => pad(s, int(v[1]), str(v[2]), false)),
  ...text('lpad', [I], (s, v) => pad(s, int(v[1]), ' ', true)),
  ...text('rpad', [I], (s, v) => pad(s, int(v[1]), ' ', false)),
  ...text('replace', [S, S], (s, v) => s.split(str(v[1])).join(str(v[2]))),
  ...text('split_part', [S, I], (s, v) => {
    const parts = s.split(str(v[1]));
    const k = int(v[2]);
    const p = k > 0 ? parts[k - 1] : parts[parts.length + k];
    return p ?? '';
  }),
  ...text('strpos', [S], (s, v) => s.indexOf(str(v[1])) + 1, I),
  ...text('position', [S], (s, v) => s.indexOf(str(v[1])) + 1, I),
  ...text('starts_with', [S], (s, v) => s.startsWith(str(v[1])), B),
  ...text('reverse', [], (s) => [...s].reverse().join('')),
  ...text('quote_ident', [], (s) => (/^[a-z_][a-z0-9_]*$/i.test(s) ? s : `"${s.replace(/"/g, '""')}"`)),
];
