/**
 * Java regex syntax (`~`, `!~`, regexp_replace take Java patterns) checked and rewritten
 * for RE2, the linear-time engine every regex function runs on. RE2 matches in time proportional to the
 * input because it never backtracks, so the Java constructs that need backtracking are refused with
 * their name (backreferences, lookahead/lookbehind, atomic groups, possessive quantifiers); Java's POSIX
 * classes (`\p{Alpha}`) become RE2's (`[[:alpha:]]`). Everything else is the same syntax in both and RE2's
 * own parser judges it.
 */

/** A construct RE2 cannot run, with its offset in the pattern. */
export interface UnsupportedConstruct {
  readonly construct: string;
  readonly index: number;
}

export type JavaRegexTranslation =
  | { readonly ok: true; readonly source: string }
  | { readonly ok: false; readonly unsupported: UnsupportedConstruct };

/** Java's `\p{Name}` POSIX classes (java.util.regex.Pattern, US-ASCII only) and RE2's names for them. */
const POSIX: Readonly<Record<string, string>> = {
  Lower: 'lower', Upper: 'upper', ASCII: 'ascii', Alpha: 'alpha', Digit: 'digit', Alnum: 'alnum', Punct: 'punct',
  Graph: 'graph', Print: 'print', Blank: 'blank', Cntrl: 'cntrl', XDigit: 'xdigit', Space: 'space',
};

const GROUP_CONSTRUCTS: readonly (readonly [string, string])[] = [
  ['(?<=', 'lookbehind (?<=…)'], ['(?<!', 'negative lookbehind (?<!…)'],
  ['(?=', 'lookahead (?=…)'], ['(?!', 'negative lookahead (?!…)'], ['(?>', 'atomic group (?>…)'],
];

const ESCAPE_CONSTRUCTS: Readonly<Record<string, string>> = {
  Z: '\\Z (end of input but for the final terminator)', G: '\\G (end of the previous match)',
  R: '\\R (any line break)', X: '\\X (extended grapheme cluster)',
};

const refuse = (construct: string, index: number): JavaRegexTranslation => ({ ok: false, unsupported: { construct, index } });

/** Rewrites a Java pattern for RE2, or names the first construct RE2 cannot run. */
export function translateJavaRegex(pattern: string): JavaRegexTranslation {
  let out = '';
  let classDepth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (next === 'Q') {
        const end = pattern.indexOf('\\E', i + 2);
        const stop = end < 0 ? pattern.length : end + 2;
        out += pattern.slice(i, stop);
        i = stop - 1;
        continue;
      }
      if (classDepth === 0 && next >= '1' && next <= '9') return refuse(`backreference \\${next}`, i);
      if (next === 'k' && pattern[i + 2] === '<') return refuse('named backreference \\k<…>', i);
      if (ESCAPE_CONSTRUCTS[next] !== undefined) return refuse(ESCAPE_CONSTRUCTS[next], i);
      if ((next === 'p' || next === 'P') && pattern[i + 2] === '{') {
        const close = pattern.indexOf('}', i + 3);
        const name = close < 0 ? '' : pattern.slice(i + 3, close).replace(/^Is/, '');
        const posix = POSIX[name];
        if (posix !== undefined) {
          const cls = `[:${next === 'P' ? '^' : ''}${posix}:]`;
          out += classDepth > 0 ? cls : `[${cls}]`;
          i = close;
          continue;
        }
      }
      out += c + next;
      i++;
      continue;
    }
    if (c === '[') classDepth++;
    else if (c === ']' && classDepth > 0) classDepth--;
    else if (classDepth === 0) {
      if (c === '(') {
        const construct = GROUP_CONSTRUCTS.find(([prefix]) => pattern.startsWith(prefix, i));
        if (construct) return refuse(construct[1], i);
      } else if (pattern[i + 1] === '+' && isQuantifierEnd(pattern, i)) {
        return refuse(`possessive quantifier ${c}+`, i);
      }
    }
    out += c;
  }
  return { ok: true, source: out };
}

/** True when `pattern[i]` ends a quantifier (`*`, `+`, `?` or `{n,m}`) rather than being a literal. */
function isQuantifierEnd(pattern: string, i: number): boolean {
  const c = pattern[i];
  if (c === '*' || c === '+') return true;
  if (c === '?') return i > 0 && pattern[i - 1] !== '(';
  return c === '}' && /\{\d+(,\d*)?\}$/.test(pattern.slice(0, i + 1));
}
