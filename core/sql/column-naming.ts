/**
 * Output column names of unaliased expressions: a column keeps its name, a call is
 * named after its function, a cast is `cast`, anything else `column`; duplicates get a numeric suffix in
 * the classic scheme (`sum`, `sum1`; joins `ts1`; `ts2` → `ts21`). A bare number literal is named by its
 * text, as QuestDB answers `select 1` (`{"name":"1","type":"INT"}`).
 */
import type { Expression } from './ast';

export function expressionName(e: Expression): string {
  switch (e.kind) {
    case 'column': return e.name;
    case 'call': return e.name;
    case 'cast': return 'cast';
    case 'literal': return e.type === 'int' || e.type === 'long' || e.type === 'double' ? e.raw : 'column';
    default: return 'column';
  }
}

/** Makes names unique (case-insensitively) by appending 1, 2, … to later duplicates. */
export class NameAllocator {
  private readonly used = new Set<string>();

  take(name: string): string {
    let candidate = name;
    for (let k = 1; this.used.has(candidate.toLowerCase()); k++) candidate = `${name}${k}`;
    this.used.add(candidate.toLowerCase());
    return candidate;
  }
}
