/**
 * A DOUBLE array written as text: PostgreSQL's array literal (`{1,2.5,NULL}`, `{{1,2},{3,4}}`, elements
 * optionally quoted: `{"1.0","2.5"}` is what pgjdbc sends for a Double[]) or the bracketed form svc
 * prints (`[1.0,2.5]`). NULL elements are NaN (DOUBLE's null); `NaN`, `Infinity`, `-Infinity` are read as
 * such. The nesting must be rectangular and as deep as the array type's dimensions.
 */

export interface ArrayTextValue {
  /** Row-major elements. */
  readonly elements: number[];
  /** Extent of each dimension, outermost first. */
  readonly shape: number[];
}

/** Parses `text` as an array of `dims` dimensions; undefined when it is not one. */
export function parseArrayText(text: string, dims: number): ArrayTextValue | undefined {
  const s = text.trim();
  const elements: number[] = [];
  const shape: (number | undefined)[] = new Array<number | undefined>(dims).fill(undefined);
  let i = 0;
  const skip = (): void => { while (i < s.length && /\s/.test(s[i])) i++; };
  const element = (): boolean => {
    skip();
    let raw: string;
    if (s[i] === '"') {
      const end = s.indexOf('"', i + 1);
      if (end < 0) return false;
      raw = s.slice(i + 1, end);
      i = end + 1;
    } else {
      const m = /^[^,}\]\s]+/.exec(s.slice(i));
      if (!m) return false;
      raw = m[0];
      i += raw.length;
    }
    const word = raw.toLowerCase();
    const x = word === 'null' ? NaN : word === 'infinity' ? Infinity : word === '-infinity' ? -Infinity : word === 'nan' ? NaN : Number(raw);
    if (Number.isNaN(x) && word !== 'null' && word !== 'nan') return false;
    elements.push(x);
    return true;
  };
  const level = (depth: number): boolean => {
    skip();
    const open = s[i];
    if (open !== '{' && open !== '[') return false;
    const close = open === '{' ? '}' : ']';
    i++;
    skip();
    let count = 0;
    if (s[i] === close) { i++; } else {
      for (;;) {
        const ok = depth + 1 < dims ? level(depth + 1) : element();
        if (!ok) return false;
        count++;
        skip();
        if (s[i] === ',') { i++; continue; }
        if (s[i] !== close) return false;
        i++;
        break;
      }
    }
    if (shape[depth] === undefined) shape[depth] = count;
    return shape[depth] === count;
  };
  if (!level(0)) return undefined;
  skip();
  if (i !== s.length) return undefined;
  return { elements, shape: shape.map((n) => n ?? 0) };
}
