/**
 * Remembers the AST of recently parsed query texts. Clients repeat the same statements (dashboards,
 * the console's boot queries, `select 1` health probes), and the AST is immutable, so a repeat skips
 * lexing and parsing. Bounded: the oldest entry goes when `capacity` is reached. Errors are not cached.
 */
import { SqlGrammar } from '../../core/extension/sql-grammar';
import { Statement } from '../../core/sql/ast';

export class ParseCache implements SqlGrammar {
  private readonly entries = new Map<string, Statement>();
  hits = 0;
  misses = 0;

  constructor(private readonly grammar: SqlGrammar, private readonly capacity = 1024) {}

  parse(sql: string): Statement {
    const cached = this.entries.get(sql);
    if (cached !== undefined) {
      this.hits++;
      // Refresh recency: Map keeps insertion order, so re-inserting moves it to the end.
      this.entries.delete(sql);
      this.entries.set(sql, cached);
      return cached;
    }
    this.misses++;
    const statement = this.grammar.parse(sql);
    if (sql.length <= 16_384) {
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(sql, statement);
    }
    return statement;
  }
}
