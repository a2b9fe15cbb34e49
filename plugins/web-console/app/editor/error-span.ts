/**
 * Which characters to underline for a server error at `position`: the token that starts there (a word,
 * a number, a quoted string or name, else one character), never past the end of its line. An error at
 * the very end of the text (the server's "unexpected end of input") underlines the last character.
 */
export interface ErrorSpan {
  readonly from: number;
  readonly to: number;
}

const WORD = /[\p{L}\p{N}_$.]/u;

export function errorSpan(text: string, position: number): ErrorSpan {
  if (text.length === 0) return { from: 0, to: 0 };
  let from = Math.max(0, Math.min(position, text.length));
  while (from >= text.length || text[from] === '\n') {
    if (from === 0) return { from: 0, to: Math.min(1, text.length) };
    from--;
    if (text[from] !== '\n' && text[from] !== ' ' && text[from] !== '\t' && text[from] !== '\r') break;
  }
  const lineEnd = text.indexOf('\n', from) < 0 ? text.length : text.indexOf('\n', from);
  const c = text[from];
  let to = from + 1;
  if (c === '\'' || c === '"') {
    const close = text.indexOf(c, from + 1);
    to = close < 0 || close >= lineEnd ? lineEnd : close + 1;
  } else if (WORD.test(c)) {
    while (to < lineEnd && WORD.test(text[to])) to++;
  }
  return { from, to };
}
