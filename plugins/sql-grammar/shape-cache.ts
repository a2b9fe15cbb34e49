/**
 * Remembers parsed statements by *shape*: the token list with its string and number literals left out.
 * Dashboards and benchmarks send one statement many times with other constants (hosts, time windows,
 * thresholds); a text of a known shape skips parsing: the kept AST is copied with each position moved to
 * where its token now starts and each literal of the shape rebuilt from its new token, as the parser would
 * build it. Binding then runs as usual, so a cached shape behaves exactly as a parse would.
 *
 * A literal token counts as a constant of the shape only when the parse shows it became a literal node at its
 * own position and nothing else there (a number read as a type argument, a `-` folded into a literal, a
 * string whose text also appears elsewhere in the tree: those stay part of the key, compared by text). A
 * statement with a position that is no token's start is not kept. The key also holds each literal's kind
 * (INT, LONG or DOUBLE; CHAR or STRING), so the parser's choice cannot differ between two texts of a shape.
 */
import { IToken } from 'chevrotain';
import type { Statement } from '../../core/sql/ast';
import { numberLiteral, stringLiteral } from './literals';
import { NumberLiteral, StringLiteral } from './tokens';

interface Shape {
  readonly statement: Statement;
  readonly starts: Int32Array;
  readonly length: number;
  /** Literal tokens that are not constants of the shape: their images must match. */
  readonly fixed: ReadonlyMap<number, string>;
}

const SUBSTITUTED = (t: IToken): boolean => t.tokenType === StringLiteral || t.tokenType === NumberLiteral;

/** The literal node the parser makes of a StringLiteral or NumberLiteral token. */
function literalOf(t: IToken): { type: string; raw: string } & object {
  return t.tokenType === StringLiteral ? stringLiteral(t) : numberLiteral(t.image, t.startOffset, false);
}

function keyOf(tokens: readonly IToken[]): string {
  let key = '';
  for (const t of tokens) key += SUBSTITUTED(t) ? `\u0001${t.tokenType.name}:${literalOf(t).type}\u0000` : `${t.tokenType.name}\u0002${t.image}\u0000`;
  return key;
}

// Offsets in the tree: `position`, `…Position`, and a VALUES row's `end` (its closing parenthesis).
const isPositionKey = (k: string): boolean => k === 'position' || k === 'end' || k.endsWith('Position');

export class ShapeCache {
  private readonly shapes = new Map<string, Shape>();
  hits = 0;

  constructor(private readonly capacity = 512) {}

  /** The statement of `tokens` when its shape is known (a fresh copy), else undefined. */
  get(tokens: readonly IToken[], length: number): Statement | undefined {
    if (tokens.length === 0) return undefined;
    const shape = this.shapes.get(keyOf(tokens));
    if (!shape) return undefined;
    for (const [i, image] of shape.fixed) if (tokens[i].image !== image) return undefined;
    const byStart = new Map<number, number>();
    shape.starts.forEach((s, i) => byStart.set(s, i));
    const move = (p: number): number => (p === shape.length ? length : tokens[byStart.get(p) ?? 0].startOffset);
    const copy = (x: unknown): unknown => {
      if (Array.isArray(x)) return x.map(copy);
      if (typeof x !== 'object' || x === null) return x;
      const node = x as Record<string, unknown>;
      if (node.kind === 'literal' && typeof node.position === 'number') {
        const i = byStart.get(node.position);
        if (i !== undefined && !shape.fixed.has(i) && SUBSTITUTED(tokens[i])) return literalOf(tokens[i]);
      }
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(node)) {
        const v = node[k];
        out[k] = isPositionKey(k) && typeof v === 'number' ? move(v) : copy(v);
      }
      return out;
    };
    this.hits++;
    return copy(shape.statement) as Statement;
  }

  /** Keeps `statement`, parsed from `tokens`, under its shape when every position is a token's start. */
  remember(tokens: readonly IToken[], length: number, statement: Statement): void {
    const starts = Int32Array.from(tokens, (t) => t.startOffset);
    const known = new Set(starts);
    const literalsAt = new Map<number, number>();
    const atPosition = new Map<number, number>();
    const texts: string[] = [];
    let placed = true;
    const walk = (x: unknown): void => {
      if (Array.isArray(x)) { x.forEach(walk); return; }
      if (typeof x !== 'object' || x === null) return;
      const node = x as Record<string, unknown>;
      for (const k of Object.keys(node)) {
        const v = node[k];
        if (isPositionKey(k) && typeof v === 'number') {
          if (!known.has(v) && v !== length) placed = false;
          atPosition.set(v, (atPosition.get(v) ?? 0) + 1);
        } else if (typeof v === 'string' && k !== 'raw' && !(node.kind === 'literal' && k === 'value')) {
          texts.push(v);
        } else {
          walk(v);
        }
      }
      if (node.kind === 'literal' && typeof node.position === 'number') literalsAt.set(node.position, (literalsAt.get(node.position) ?? 0) + 1);
    };
    walk(statement);
    if (!placed) return;
    const fixed = new Map<number, string>();
    tokens.forEach((t, i) => {
      if (!SUBSTITUTED(t)) return;
      const value = t.tokenType === StringLiteral ? String((stringLiteral(t) as { value: unknown }).value) : t.image;
      const alone = literalsAt.get(t.startOffset) === 1 && atPosition.get(t.startOffset) === 1;
      if (!alone || texts.some((s) => s === value || s === t.image)) fixed.set(i, t.image);
    });
    if (this.shapes.size >= this.capacity) this.shapes.delete(this.shapes.keys().next().value as string);
    this.shapes.set(keyOf(tokens), { statement, starts, length, fixed });
  }
}
