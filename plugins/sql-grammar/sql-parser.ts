/**
 * The complete grammar: one statement, optionally wrapped in EXPLAIN, with one trailing `;`.
 * Chevrotain's self-analysis is slow (~0.2 s of CPU), so the instance is built once
 * (`sqlParser()`) and reused; each parse only resets its input.
 */
import { IRecognitionException, IToken } from 'chevrotain';
import type { CommonTableExpression, Statement } from '../../core/sql/ast';
import { SvcError } from '../../core/errors';
import { DdlParser } from './ddl-parser';
import { isEndOfInput } from './error-messages';
import * as T from './tokens';

export class SqlParser extends DdlParser {
  readonly statement = this.RULE('statement', (): Statement => {
    const explain = this.OPTION({ GATE: () => this.isWord(1, 'explain'), DEF: () => this.word(10, 'explain') });
    const body = this.SUBRULE(this.statementBody);
    this.OPTION2(() => this.CONSUME(T.Semicolon));
    return this.ACTION((): Statement => explain === undefined
      ? body
      : { kind: 'explain', statement: body, position: explain.startOffset });
  });

  private readonly statementBody = this.RULE('statementBody', (): Statement => {
    const ctes = this.OPTION(() => this.SUBRULE(this.withClause));
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.isWord(1, 'insert'), ALT: () => this.SUBRULE(this.insert, { ARGS: [ctes] }) },
        { GATE: () => ctes === undefined && this.isWord(1, 'update'), ALT: () => this.SUBRULE(this.update) },
        { GATE: () => ctes === undefined && this.isWord(1, 'create'), ALT: () => this.SUBRULE(this.createTable) },
        { GATE: () => ctes === undefined && this.isWord(1, 'drop'), ALT: () => this.SUBRULE(this.dropTable) },
        { GATE: () => ctes === undefined && this.isWord(1, 'truncate'), ALT: () => this.SUBRULE(this.truncateTable) },
        { GATE: () => ctes === undefined && this.isWord(1, 'rename'), ALT: () => this.SUBRULE(this.renameTable) },
        { GATE: () => ctes === undefined && this.isWord(1, 'alter'), ALT: () => this.SUBRULE(this.alterTable) },
        { GATE: () => ctes === undefined && this.isWord(1, 'show'), ALT: () => this.SUBRULE(this.show) },
        { ALT: () => {
          const query = this.SUBRULE(this.setExpression);
          return this.ACTION((): Statement => attachCtes(query, ctes));
        } },
      ],
    });
  });

  constructor() {
    super();
    this.performSelfAnalysis();
  }

  /** Parses lexed tokens of a query of `sqlLength` characters; throws SvcError.sql on a syntax error. */
  parseTokens(tokens: IToken[], sqlLength: number): Statement {
    this.sqlLength = sqlLength;
    this.input = tokens;
    const statement = this.statement();
    if (this.errors.length > 0) throw this.toSvcError(this.errors[0], tokens);
    return statement;
  }

  private toSvcError(e: IRecognitionException, tokens: readonly IToken[]): SvcError {
    // `selec 1`: a mistyped statement keyword reads as an optional-SELECT table name followed by
    // junk; the mistake is the first word, so point there.
    const first = tokens[0];
    if (e.token === tokens[1] && first.tokenType === T.Identifier) {
      return SvcError.sql(first.startOffset, `unexpected token [${first.image}]`);
    }
    const position = isEndOfInput(e.token) ? this.sqlLength : e.token.startOffset;
    // A stray `@ ? ! \` {` lexes as a name; where an operator or clause is expected it is QuestDB's alias error.
    if (e.token.tokenType === T.Identifier && !/^[\p{L}_]/u.test(e.token.image)) {
      return SvcError.sql(position, "identifier should start with a letter or '_'");
    }
    return SvcError.sql(position, e.message);
  }
}

function attachCtes(query: Statement, ctes: readonly CommonTableExpression[] | undefined): Statement {
  if (ctes === undefined || (query.kind !== 'select' && query.kind !== 'setOperation')) return query;
  return { ...query, with: ctes };
}

let instance: SqlParser | undefined;

/** The shared parser (built on first use: self-analysis takes ~0.2 s of CPU). */
export function sqlParser(): SqlParser {
  instance ??= new SqlParser();
  return instance;
}
