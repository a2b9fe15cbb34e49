/**
 * A LIKE/ILIKE pattern compiled to a linear matcher: `%` is any run of characters,
 * `_` exactly one character (a code point, as in Java), `\` makes the next character literal. The pattern
 * splits at `%` into segments; the first must match at the start, the last at the end, and each middle
 * segment is found leftmost after the previous one. Taking the leftmost match is always safe (a later
 * match leaves less room for the rest), so no position is ever revisited: a row costs
 * O(length × pattern length) however many `%` there are, where a backtracking regex (`%a%a%a%a%b`) is
 * exponential. ILIKE lower-cases pattern and value.
 */

/** One segment between `%`s: its literal text, and where its `_` wildcards are (none: plain search). */
interface Segment {
  readonly text: string;
  /** `true` at each position of `text` that is a `_` (the text holds a placeholder there). */
  readonly wild: readonly boolean[] | undefined;
}

export class LikeMatcher {
  private readonly segments: readonly Segment[];
  /** True when the pattern has no `%`: the one segment must cover the whole value. */
  private readonly exact: boolean;

  constructor(pattern: string, private readonly insensitive: boolean) {
    const segments: Segment[] = [];
    let text = '';
    let wild: boolean[] | undefined;
    const flush = (): void => { segments.push({ text, wild }); text = ''; wild = undefined; };
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i];
      if (c === '\\' && i + 1 < pattern.length) { text += pattern[++i]; continue; }
      if (c === '%') { flush(); continue; }
      if (c === '_') {
        wild ??= [];
        wild[text.length] = true;
        text += '_';
        continue;
      }
      text += c;
    }
    flush();
    this.exact = segments.length === 1;
    this.segments = insensitive ? segments.map((s) => ({ text: s.text.toLowerCase(), wild: s.wild })) : segments;
  }

  /** True when the whole value matches the pattern. */
  test(value: string): boolean {
    const s = this.insensitive ? value.toLowerCase() : value;
    const segs = this.segments;
    if (this.exact) return matchAt(segs[0], s, 0) === s.length;
    const first = segs[0], last = segs[segs.length - 1];
    let from = matchAt(first, s, 0);
    if (from < 0) return false;
    for (let k = 1; k < segs.length - 1; k++) {
      from = find(segs[k], s, from);
      if (from < 0) return false;
    }
    // The last segment is anchored at the end: try the latest start that can still fit, leftmost first.
    if (!last.wild) return s.length - last.text.length >= from && s.endsWith(last.text);
    for (let start = from; start <= s.length; start++) if (matchAt(last, s, start) === s.length) return true;
    return false;
  }
}

/** Matches `seg` at `start`; returns the end offset, or -1. A `_` consumes one code point. */
function matchAt(seg: Segment, s: string, start: number): number {
  const t = seg.text;
  if (!seg.wild) return s.startsWith(t, start) ? start + t.length : -1;
  let p = start;
  for (let k = 0; k < t.length; k++) {
    if (p >= s.length) return -1;
    if (seg.wild[k] === true) {
      const u = s.charCodeAt(p);
      p += u >= 0xd800 && u <= 0xdbff && p + 1 < s.length ? 2 : 1;
    } else if (s.charCodeAt(p++) !== t.charCodeAt(k)) return -1;
  }
  return p;
}

/** The end of the leftmost match of `seg` at or after `from`, or -1. */
function find(seg: Segment, s: string, from: number): number {
  if (!seg.wild) {
    const at = s.indexOf(seg.text, from);
    return at < 0 ? -1 : at + seg.text.length;
  }
  for (let start = from; start < s.length; start++) {
    const end = matchAt(seg, s, start);
    if (end >= 0) return end;
  }
  return -1;
}
