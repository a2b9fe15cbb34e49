/**
 * JSON with every number kept as its text (`JsonNumber`), so a LONG's 19 digits or a double's printed form
 * reach the comparison as the server wrote them (JSON.parse would round them to doubles).
 */
export class JsonNumber {
  constructor(readonly text: string) {}
}

export type JsonValue = null | boolean | string | JsonNumber | JsonValue[] | { [key: string]: JsonValue };

export function parseLossless(text: string): JsonValue {
  let i = 0;
  const ws = (): void => { while (i < text.length && /\s/.test(text[i])) i++; };
  const fail = (what: string): never => { throw new Error(`bad JSON at ${i}: ${what}: ${text.slice(Math.max(0, i - 20), i + 20)}`); };
  const value = (): JsonValue => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      const out: { [key: string]: JsonValue } = {};
      ws();
      if (text[i] === '}') { i++; return out; }
      for (;;) {
        ws();
        const key = value();
        if (typeof key !== 'string') fail('key');
        ws();
        if (text[i++] !== ':') fail('colon');
        out[key as string] = value();
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i++] === '}') return out;
        fail('object');
      }
    }
    if (ch === '[') {
      i++;
      const out: JsonValue[] = [];
      ws();
      if (text[i] === ']') { i++; return out; }
      for (;;) {
        out.push(value());
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i++] === ']') return out;
        fail('array');
      }
    }
    if (ch === '"') {
      const start = i;
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      return JSON.parse(text.slice(start, i)) as string;
    }
    const m = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(text.slice(i, i + 400));
    if (m) { i += m[0].length; return new JsonNumber(m[0]); }
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, i)) { i += word.length; return v; }
    }
    return fail('value');
  };
  const v = value();
  ws();
  if (i !== text.length) fail('trailing text');
  return v;
}
