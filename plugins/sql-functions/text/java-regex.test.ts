import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translateJavaRegex } from './java-regex';

const refused = (pattern: string): string | undefined => {
  const t = translateJavaRegex(pattern);
  return t.ok ? undefined : `${t.unsupported.construct}@${t.unsupported.index}`;
};

test('constructs that need backtracking are named with their offset', () => {
  assert.equal(refused('(a)\\1'), 'backreference \\1@3');
  assert.equal(refused('(?<n>a)\\k<n>'), 'named backreference \\k<…>@7');
  assert.equal(refused('a(?=b)'), 'lookahead (?=…)@1');
  assert.equal(refused('a(?!b)'), 'negative lookahead (?!…)@1');
  assert.equal(refused('(?<=a)b'), 'lookbehind (?<=…)@0');
  assert.equal(refused('(?<!a)b'), 'negative lookbehind (?<!…)@0');
  assert.equal(refused('(?>a+)b'), 'atomic group (?>…)@0');
  assert.equal(refused('a*+b'), 'possessive quantifier *+@1');
  assert.equal(refused('a{2,3}+'), 'possessive quantifier }+@5');
  assert.equal(refused('a\\Z'), '\\Z (end of input but for the final terminator)@1');
});

test('ordinary Java syntax passes and POSIX classes become RE2 classes', () => {
  assert.deepEqual(translateJavaRegex('^(a|aa)+$'), { ok: true, source: '^(a|aa)+$' });
  assert.deepEqual(translateJavaRegex('a+?b*?(?:c)(?i)d'), { ok: true, source: 'a+?b*?(?:c)(?i)d' });
  assert.deepEqual(translateJavaRegex('\\p{Alpha}+[\\p{Digit}_]\\P{Space}'), { ok: true, source: '[[:alpha:]]+[[:digit:]_][[:^space:]]' });
  assert.deepEqual(translateJavaRegex('\\Q(?=\\1)\\E'), { ok: true, source: '\\Q(?=\\1)\\E' });
  assert.deepEqual(translateJavaRegex('[\\1+]a\\++'), { ok: true, source: '[\\1+]a\\++' });
});
