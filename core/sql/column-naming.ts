/**
 * Output column names of a SELECT list (QuestDB 9.4.4). Explicit aliases are taken first and must be
 * unique (`Duplicate column [name=a]`). An unaliased expression is named after its canonical text
 * (expression-text.ts; a plain column reference keeps its bare name, `t.x` → `x`), cut to 64 characters
 * without trailing spaces; a name already taken (compared case-insensitively) gets `_2`, `_3`, … skipping
 * names in use (`x, x_2, x` → `x, x_2, x_3`). Columns of `*` keep the classic suffix of join
 * duplicates (`ts`, `ts1`).
 */
import { SvcError } from '../errors';
import type { Expression } from './ast';
import { expressionText } from './expression-text';

/** Longest generated name, as QuestDB's `cairo.sql.column.alias.generated.max.size` default. */
export const MAX_GENERATED_NAME = 64;

/** The base name of an unaliased projection (before de-duplication). */
export function expressionName(e: Expression): GeneratedName {
  if (e.kind === 'column') return { base: e.name, dotted: false };
  const base = expressionText(e);
  return { base, dotted: hasUnquotedDot(base) };
}

/**
 * A generated name's base text. `dotted`: the text has a `.` outside double quotes (`1.5`, `t.x + 1`);
 * QuestDB then keeps 3 characters of the 64 for protective quotes it strips again, so such a name's
 * text is cut to 61 characters (suffix included).
 */
export interface GeneratedName {
  readonly base: string;
  readonly dotted: boolean;
}

function hasUnquotedDot(text: string): boolean {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === '.' && !quoted) return true;
  }
  return false;
}

export class NameAllocator {
  private readonly used = new Set<string>();
  /** Next suffix to try per base name (lower case), so a long run of duplicates stays linear. */
  private readonly nextSuffix = new Map<string, number>();

  /** Reserves an explicit alias; a second use of the same alias is an error at `position`. */
  reserve(alias: string, position: number): void {
    const key = alias.toLowerCase();
    if (this.used.has(key)) throw SvcError.sql(position, `Duplicate column [name=${alias}]`);
    this.used.add(key);
  }

  /** A generated name: `base`, else `base_2`, `base_3`, … (cut to 64 characters, suffix included). */
  take(name: GeneratedName): string {
    const { base, dotted } = name;
    const room = dotted ? MAX_GENERATED_NAME - 3 : MAX_GENERATED_NAME;
    const key = `${dotted ? '"' : ''}${base.toLowerCase()}`;
    let sequence = this.nextSuffix.get(key) ?? 1;
    for (;;) {
      const suffix = sequence > 1 ? `_${sequence}` : '';
      const content = base.slice(0, Math.max(0, room - suffix.length)).replace(/ +$/, '');
      const candidate = `${content === '' ? 'column' : content}${suffix}`;
      sequence++;
      if (!this.used.has(candidate.toLowerCase())) {
        this.nextSuffix.set(key, sequence);
        this.used.add(candidate.toLowerCase());
        return candidate;
      }
    }
  }

  /** A column of `*`: duplicates (the two sides of a join) get `1`, `2`, … appended. */
  takeStar(name: string): string {
    let candidate = name;
    for (let k = 1; this.used.has(candidate.toLowerCase()); k++) candidate = `${name}${k}`;
    this.used.add(candidate.toLowerCase());
    return candidate;
  }
}
