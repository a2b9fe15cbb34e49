/**
 * Queries: WITH, set operations, SELECT and QuestDB's optional SELECT
 * (`trades WHERE …`), with the clause order WHERE, LATEST ON, SAMPLE BY, GROUP BY, HAVING, WINDOW,
 * ORDER BY, LIMIT. A trailing ORDER BY/LIMIT after a set operation applies to the whole result.
 */
import type {
  CommonTableExpression, Expression, FromClause, Limit, NamedWindow, OrderItem, Query, Select, SelectItem,
} from '../../core/sql/ast';
import { SvcError } from '../../core/errors';
import { isEndOfInput } from './error-messages';
import { identifierOf } from './literals';
import { SourceParser } from './source-parser';
import * as T from './tokens';

const K = T.Keyword;

/** The clauses after FROM, shared by SELECT and the optional-SELECT form. */
type SelectTail = Pick<Select, 'where' | 'latestOn' | 'sampleBy' | 'groupBy' | 'having' | 'windows' | 'orderBy' | 'limit'>;

export abstract class QueryParser extends SourceParser {
  protected readonly query = this.RULE('query', (): Query => {
    const ctes = this.OPTION(() => this.SUBRULE(this.withClause));
    const body = this.SUBRULE(this.setExpression);
    return this.ACTION(() => withCtes(body, ctes));
  });

  readonly withClause = this.RULE('withClause', (): CommonTableExpression[] => {
    this.CONSUME(K.with);
    const list = [this.SUBRULE(this.cte)];
    this.MANY(() => {
      this.CONSUME(T.Comma);
      list.push(this.SUBRULE2(this.cte));
    });
    return list;
  });

  /** `name AS (query)`, or `name AS (SHOW COLUMNS FROM t)` as QuestDB's web console writes it. */
  private readonly cte = this.RULE('cte', (): CommonTableExpression => {
    const name = this.CONSUME(T.Name);
    this.CONSUME(K.as);
    const query = this.OR([
      { GATE: () => this.isToken(1, T.LParen) && this.isWord(2, 'show'), ALT: () => {
        const source = this.SUBRULE(this.showSource);
        return this.ACTION((): Query => {
          const star: SelectItem = { kind: 'selectItem', expr: { kind: 'star', position: source.position }, position: source.position };
          const from: FromClause = { kind: 'from', source, joins: [], position: source.position };
          return { kind: 'select', implicit: true, distinct: false, projection: [star], from, position: source.position };
        });
      } },
      { ALT: () => {
        this.CONSUME(T.LParen);
        const body = this.SUBRULE(this.query);
        this.CONSUME(T.RParen);
        return body;
      } },
    ]);
    return this.ACTION((): CommonTableExpression => ({ kind: 'cte', name: identifierOf(name), query, position: name.startOffset }));
  });

  readonly setExpression = this.RULE('setExpression', (): Query => {
    let left = this.SUBRULE(this.queryTerm);
    this.MANY(() => {
      const op = this.OR([
        { ALT: () => this.CONSUME(K.union) },
        { ALT: () => this.CONSUME(K.except) },
        { ALT: () => this.CONSUME(K.intersect) },
      ]);
      const all = this.OPTION(() => this.CONSUME(K.all)) !== undefined;
      const right = this.SUBRULE2(this.queryTerm);
      left = this.ACTION((): Query => {
        const hoisted = this.hoistTail(right);
        return {
          kind: 'setOperation', op: op.image.toLowerCase() as 'union', all, left, right: hoisted.query,
          orderBy: hoisted.orderBy, limit: hoisted.limit, position: op.startOffset,
        };
      });
    });
    return left;
  });

  /** True when LA(k) ends the clause it follows: end of input, `;`, `)` or the next clause's keyword. */
  private endsClause(k: number): boolean {
    const t = this.LA(k);
    if (isEndOfInput(t)) return true;
    return [T.Semicolon, T.RParen, K.order, K.limit, K.sample, K.union, K.except, K.intersect, K.window].some((type) => t.tokenType === type)
      || (this.isWord(k, 'group') && this.isWord(k + 1, 'by')) || this.startsLatestOn();
  }

  /** An ORDER BY / GROUP BY list cut off at the end of the input: `literal expected` there (QuestDB 9.4.4). */
  private expectListItem(): void {
    if (isEndOfInput(this.LA(1))) throw SvcError.sql(this.sqlLength, 'literal expected');
  }

  /** ORDER BY / LIMIT written after the last query of a set operation belong to the whole. */
  private hoistTail(right: Query): { query: Query; orderBy?: readonly OrderItem[]; limit?: Limit } {
    if (right.kind !== 'select' || this.parenthesized.has(right)) return { query: right };
    const { orderBy, limit, ...rest } = right;
    return { query: rest, orderBy, limit };
  }

  private readonly queryTerm = this.RULE('queryTerm', (): Query => this.OR({
    IGNORE_AMBIGUITIES: true,
    DEF: [
      { GATE: () => this.isToken(1, K.select), ALT: () => this.SUBRULE(this.selectCore) },
      { ALT: () => this.SUBRULE(this.implicitSelect) },
    ],
  }));

  private readonly selectCore = this.RULE('selectCore', (): Query => {
    const select = this.CONSUME(K.select);
    const distinct = this.OPTION(() => this.CONSUME(K.distinct)) !== undefined;
    this.ACTION(() => {
      if (this.isToken(1, K.from)) throw SvcError.sql(this.LA(1).startOffset, 'column expression expected');
    });
    const projection = [this.SUBRULE(this.selectItem)];
    this.MANY(() => {
      this.CONSUME(T.Comma);
      projection.push(this.SUBRULE2(this.selectItem));
    });
    this.ACTION(() => this.checkProjectionEnd());
    const from = this.OPTION2(() => {
      this.CONSUME(K.from);
      return this.SUBRULE(this.fromClause);
    });
    const tail = this.SUBRULE(this.selectTail);
    return this.ACTION((): Query => ({
      kind: 'select', implicit: false, distinct, projection, from, ...tail, position: select.startOffset,
    }));
  });

  /** After a select item only `,`, a clause keyword or the end may follow (`SELECT a+1 from1 v`). */
  private checkProjectionEnd(): void {
    const next = this.LA(1);
    const type = next.tokenType;
    if (this.isName(1) || type === T.NumberLiteral || type === T.StringLiteral || type === T.LParen) {
      this.fail(next, "','", "'from'", "'over'");
    }
  }

  /** `trades`, `trades WHERE …`, `(query) WHERE …`: SELECT * implied. A bare `(query)` is that query. */
  private readonly implicitSelect = this.RULE('implicitSelect', (): Query => {
    const from = this.SUBRULE(this.fromClause);
    const tail = this.SUBRULE(this.selectTail);
    return this.ACTION((): Query => {
      const source = from.source;
      const bare = Object.values(tail).every(v => v === undefined);
      if (bare && from.joins.length === 0 && source.kind === 'subquerySource' &&
          source.alias === undefined && source.timestamp === undefined) {
        this.parenthesized.add(source.query);
        return source.query;
      }
      const star: SelectItem = { kind: 'selectItem', expr: { kind: 'star', position: from.position }, position: from.position };
      return { kind: 'select', implicit: true, distinct: false, projection: [star], from, ...tail, position: from.position };
    });
  });

  private readonly selectItem = this.RULE('selectItem', (): SelectItem => {
    const expr = this.OR([
      { ALT: () => {
        const star = this.CONSUME(T.Star);
        return this.ACTION((): Expression => ({ kind: 'star', position: star.startOffset }));
      } },
      { ALT: () => this.SUBRULE(this.expr) },
    ]);
    const alias = this.OPTION(() => this.SUBRULE(this.alias));
    return this.ACTION((): SelectItem => {
      if (alias !== undefined && expr.kind === 'star') throw SvcError.sql(alias.position, 'wildcard cannot have alias');
      return { kind: 'selectItem', expr, alias, position: expr.position };
    });
  });

  private readonly selectTail = this.RULE('selectTail', (): SelectTail => {
    const latestFirst = this.OPTION({ GATE: () => this.startsLatestOn(), DEF: () => this.SUBRULE(this.latestOn) });
    const where = this.OPTION2(() => {
      const keyword = this.CONSUME(K.where);
      this.ACTION(() => {
        if (this.endsClause(1)) throw SvcError.sql(keyword.startOffset, 'empty where clause');
      });
      return this.SUBRULE(this.expr);
    });
    const latestOn = this.OPTION3({ GATE: () => this.startsLatestOn(), DEF: () => this.SUBRULE2(this.latestOn) }) ?? latestFirst;
    const sampleBy = this.OPTION4(() => this.SUBRULE(this.sampleBy));
    const groupBy = this.OPTION5({
      GATE: () => this.isWord(1, 'group') && this.isWord(2, 'by'),
      DEF: () => {
        this.word(20, 'group');
        this.word(21, 'by');
        this.ACTION(() => this.expectListItem());
        return this.SUBRULE(this.expressionList);
      },
    });
    const having = this.OPTION6(() => {
      this.CONSUME(K.having);
      return this.SUBRULE2(this.expr);
    });
    const windows = this.OPTION7(() => this.SUBRULE(this.windowClause));
    const orderBy = this.OPTION8(() => {
      this.CONSUME(K.order);
      this.word(22, 'by');
      this.ACTION(() => this.expectListItem());
      return this.SUBRULE(this.orderByList);
    });
    const limit = this.OPTION9(() => this.SUBRULE(this.limit));
    return { where, latestOn, sampleBy, groupBy, having, windows, orderBy, limit };
  });

  private readonly windowClause = this.RULE('windowClause', (): NamedWindow[] => {
    const list: NamedWindow[] = [];
    this.CONSUME(K.window);
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => {
        const name = this.CONSUME(T.Name);
        this.CONSUME(K.as);
        const spec = this.SUBRULE(this.windowSpec);
        this.ACTION(() => list.push({ kind: 'namedWindow', name: identifierOf(name), spec, position: name.startOffset }));
      },
    });
    return list;
  });

  /** `LIMIT n`, `LIMIT -n`, `LIMIT m, n`, `LIMIT n OFFSET m`. */
  private readonly limit = this.RULE('limit', (): Limit => {
    const limit = this.CONSUME(K.limit);
    const lo = this.SUBRULE(this.expr);
    const hi = this.OPTION(() => {
      this.CONSUME(T.Comma);
      return this.SUBRULE2(this.expr);
    });
    const offset = this.OPTION2({
      GATE: () => this.isWord(1, 'offset'),
      DEF: () => {
        this.word(10, 'offset');
        return this.SUBRULE3(this.expr);
      },
    });
    return this.ACTION((): Limit => ({ kind: 'limit', lo, hi, offset, position: limit.startOffset }));
  });
}

function withCtes(query: Query, ctes: readonly CommonTableExpression[] | undefined): Query {
  return ctes === undefined ? query : { ...query, with: ctes };
}
