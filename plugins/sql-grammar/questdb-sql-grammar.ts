/**
 * SqlGrammar for QuestDB's dialect: lex, reject Tier 3 statements, parse (or copy the statement of a known
 * shape: shape-cache.ts). Errors are SvcError.sql with the 0-based UTF-16 offset of the offending token, or
 * the query length at end of input.
 */
import { SvcError } from '../../core/errors';
import { SqlGrammar } from '../../core/extension/sql-grammar';
import type { Statement } from '../../core/sql/ast';
import { lex } from './lexer';
import { sqlParser } from './sql-parser';
import { ShapeCache } from './shape-cache';
import { rejectTier3Statement } from './tier3';

export class QuestDbSqlGrammar implements SqlGrammar {
  readonly shapes = new ShapeCache();

  /** Builds the shared parser now (self-analysis, once per process) so no request waits for it. */
  constructor() {
    sqlParser();
  }

  parse(sql: string): Statement {
    const { tokens, error } = lex(sql);
    rejectTier3Statement(tokens);
    if (error !== undefined) throw error;
    if (tokens.length === 0) throw SvcError.sql(0, 'empty query');
    const known = this.shapes.get(tokens, sql.length);
    if (known) return known;
    try {
      const statement = sqlParser().parseTokens(tokens, sql.length);
      this.shapes.remember(tokens, sql.length, statement);
      return statement;
    } catch (e) {
      // Hundreds of nested parentheses exhaust the stack: a bad query, not a server fault.
      if (e instanceof RangeError) throw SvcError.sql(0, 'query is too deeply nested');
      throw e;
    }
  }
}
