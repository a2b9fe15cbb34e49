/**
 * FROM sources and joins: tables, `(query)`, table functions, each with an
 * optional alias and `timestamp(col)`; INNER/LEFT [OUTER]/CROSS/ASOF/LT/SPLICE JOIN with
 * `ON (cols)` / `ON expr` and `TOLERANCE`, and the implicit `FROM a, b`.
 */
import { IToken } from 'chevrotain';
import type { Call, Expression, FromClause, Identifier, Join, JoinType, Source } from '../../core/sql/ast';
import { SvcError } from '../../core/errors';
import { durationOf, identifierOf } from './literals';
import { TimeSeriesParser } from './time-series-parser';
import { above, Precedence } from './operators';
import * as T from './tokens';

const K = T.Keyword;
/**
 * PostgreSQL catalog names: `information_schema.columns` and `pg_catalog.pg_class` (with or without `()`)
 * are the table functions of that name (plugins/sql-catalog), as QuestDB answers it for the web console
 * and PostgreSQL tools.
 */
const CATALOG_SCHEMAS: readonly string[] = ['information_schema.', 'pg_catalog.'];

const TIME_JOIN_WORDS: ReadonlySet<string> = new Set(['asof', 'lt', 'splice']);
/** Words that end a source rather than alias it (QuestDB's table-alias stop list). */
const TABLE_ALIAS_STOP: ReadonlySet<string> = new Set(['latest', 'asof', 'lt', 'splice', 'group', 'tolerance', 'range', 'horizon', 'unnest', 'using']);

function niladicCall(name: string, position: number): Call {
  return { kind: 'call', name, written: name, args: [], distinct: false, star: false, position };
}

export abstract class SourceParser extends TimeSeriesParser {
  readonly fromClause = this.RULE('fromClause', (): FromClause => {
    const source = this.SUBRULE(this.source);
    const joins: Join[] = [];
    // `WINDOW w AS (…)` after FROM is the named-window clause, not a WINDOW JOIN.
    this.MANY({
      GATE: () => this.startsJoin(),
      DEF: () => joins.push(this.SUBRULE(this.join)),
    });
    return this.ACTION((): FromClause => ({ kind: 'from', source, joins, position: source.position }));
  });

  private readonly source = this.RULE('source', (): Source => {
    const source = this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.isToken(1, T.LParen) && this.isWord(2, 'show'), ALT: () => this.SUBRULE(this.showSource) },
        { GATE: () => this.isToken(1, T.LParen), ALT: () => {
          const open = this.CONSUME(T.LParen);
          const query = this.SUBRULE(this.query);
          this.CONSUME(T.RParen);
          return this.ACTION((): Source => ({ kind: 'subquerySource', query, position: open.startOffset }));
        } },
        // `f(…)`, and a schema-qualified `pg_catalog.generate_series(1, 3)` with arguments.
        { GATE: () => this.isName(1) && (this.isToken(2, T.LParen) || (this.isToken(2, T.Dot) && this.isName(3) && this.isToken(4, T.LParen) && !this.isToken(5, T.RParen))), ALT: () => {
          const call = this.SUBRULE(this.expr, above(Precedence.operand));
          return this.ACTION((): Source => {
            if (call.kind !== 'call') return this.fail(this.LA(1), "'('");
            return { kind: 'functionSource', call, position: call.position };
          });
        } },
        { ALT: () => {
          const name = this.SUBRULE(this.tableName);
          const called = this.OPTION6(() => {
            this.CONSUME2(T.LParen);
            this.CONSUME2(T.RParen);
            return true;
          }) === true;
          return this.ACTION((): Source => {
            const catalog = CATALOG_SCHEMAS.some((p) => name.name.toLowerCase().startsWith(p));
            if (!called && !catalog) return { kind: 'tableSource', name, position: name.position };
            return { kind: 'functionSource', call: niladicCall(name.name.toLowerCase(), name.position), position: name.position };
          });
        } },
      ],
    });
    const before = this.OPTION({ GATE: () => this.isTimestampSuffix(), DEF: () => this.SUBRULE(this.timestampSuffix) });
    const alias = this.OPTION2({
      GATE: () => this.isToken(1, K.as) || this.isToken(1, T.NumberLiteral) || this.isToken(1, T.StringLiteral)
        || (this.isName(1) && !this.isTimestampSuffix() && !this.isJoinTypeWord() && !this.isAnyWord(1, TABLE_ALIAS_STOP)),
      DEF: () => this.SUBRULE(this.sourceAlias),
    });
    const columnAliases = this.OPTION7({
      GATE: () => alias !== undefined && this.isToken(1, T.LParen) && this.isName(2),
      DEF: () => {
        this.CONSUME3(T.LParen);
        const names = [identifierOf(this.CONSUME2(T.Name))];
        this.MANY({ DEF: () => {
          this.CONSUME(T.Comma);
          names.push(identifierOf(this.CONSUME3(T.Name)));
        } });
        this.CONSUME3(T.RParen);
        return names;
      },
    });
    const after = this.OPTION3({ GATE: () => this.isTimestampSuffix(), DEF: () => this.SUBRULE2(this.timestampSuffix) });
    this.OPTION4(() => this.notSupported(this.CONSUME(K.pivot), 'PIVOT'));
    this.OPTION5({
      GATE: () => this.isWord(1, 'horizon') && this.isToken(2, K.join),
      DEF: () => this.notSupported(this.CONSUME(T.Identifier), 'HORIZON JOIN'),
    });
    return this.ACTION((): Source => {
      const timestamp = after ?? before;
      if (alias === undefined && timestamp === undefined) return source;
      return columnAliases ? { ...source, alias, timestamp, columnAliases } : { ...source, alias, timestamp };
    });
  });

  /** `asof JOIN`, `left outer JOIN`: a join-type word that could also be a name, not an alias (`a x JOIN b` keeps `x`). */
  private isJoinTypeWord(): boolean {
    const joinWord = [K.inner, K.left, K.cross, K.right, K.full, K.lateral, K.window]
      .some((k) => this.isToken(1, k)) || this.isAnyWord(1, TIME_JOIN_WORDS) || this.isWord(1, 'horizon');
    return joinWord && (this.isToken(2, K.join) || this.isToken(2, K.outer));
  }

  /** `,`, `JOIN` or a join type at LA(1); `WINDOW w AS (…)` after FROM is the named-window clause. */
  private startsJoin(): boolean {
    if (this.isToken(1, T.Comma) || this.isToken(1, K.join)) return true;
    if (this.isToken(1, K.window)) return this.isToken(2, K.join);
    return this.isJoinTypeWord() || [K.inner, K.left, K.right, K.full, K.cross, K.lateral].some((k) => this.isToken(1, k));
  }

  private isTimestampSuffix(): boolean {
    return this.isWord(1, 'timestamp') && this.isToken(2, T.LParen);
  }

  private readonly timestampSuffix = this.RULE('timestampSuffix', (): Identifier => {
    this.CONSUME(T.Identifier);
    this.CONSUME(T.LParen);
    const column = this.CONSUME(T.Name);
    this.CONSUME(T.RParen);
    return this.ACTION(() => identifierOf(column));
  });

  /**
   * `(SHOW PARAMETERS)` and `(SHOW COLUMNS FROM t)` used as a query, a FROM source or a CTE body (QuestDB's
   * web console sends `(show parameters) where …` at start and `WITH cols AS (SHOW COLUMNS FROM 't') …` for a
   * symbol column's details): the SHOW becomes the table function that also answers the bare statement,
   * `show_parameters()` or `table_columns('t')`.
   */
  protected readonly showSource = this.RULE('showSource', (): Source => {
    const open = this.CONSUME3(T.LParen);
    this.word(20, 'show');
    const what = this.CONSUME(T.Identifier);
    const table = this.OPTION(() => {
      this.CONSUME(K.from);
      return this.SUBRULE(this.tableName);
    });
    this.CONSUME3(T.RParen);
    return this.ACTION((): Source => {
      const word = what.image.toLowerCase();
      const position = open.startOffset;
      if (word === 'parameters' && table === undefined) {
        return { kind: 'functionSource', call: niladicCall('show_parameters', position + 1), position };
      }
      if (word === 'columns' && table !== undefined) {
        const name: Expression = { kind: 'literal', type: 'string', value: table.name, raw: `'${table.name.replace(/'/g, "''")}'`, position: table.position };
        return { kind: 'functionSource', call: { ...niladicCall('table_columns', position + 1), args: [name] }, position };
      }
      return this.notSupported(what, `(SHOW ${what.image.toUpperCase()})`);
    });
  });

  /** `t`, `"my table"`, `'my table'`, `schema.t`. */
  readonly tableName = this.RULE('tableName', (): Identifier => {
    const first = this.OR([
      { ALT: () => this.CONSUME(T.Name) },
      { ALT: () => this.CONSUME(T.StringLiteral) },
    ]);
    const rest: IToken[] = [];
    this.MANY({
      GATE: () => this.isToken(1, T.Dot) && this.isName(2),
      DEF: () => {
        this.CONSUME(T.Dot);
        rest.push(this.CONSUME2(T.Name));
      },
    });
    return this.ACTION((): Identifier => {
      const id = identifierOf(first);
      if (rest.length === 0) return id;
      return { ...id, name: [id, ...rest.map(identifierOf)].map(i => i.name).join('.') };
    });
  });

  /** A select item's alias: a name that starts with a letter or `_` (QuestDB 9.4.4 validates it). */
  readonly alias = this.RULE('alias', (): Identifier => {
    this.OPTION(() => this.CONSUME(K.as));
    const name = this.CONSUME(T.Name);
    return this.ACTION(() => {
      if (name.tokenType === T.Identifier && !/^[\p{L}_]/u.test(name.image)) {
        throw SvcError.sql(name.startOffset, "identifier should start with a letter or '_'");
      }
      return identifierOf(name);
    });
  });

  /** A source's alias: any name, also a number or a string (`trades 12` is the table trades aliased 12). */
  private readonly sourceAlias = this.RULE('sourceAlias', (): Identifier => {
    this.OPTION(() => this.CONSUME(K.as));
    const name = this.OR([
      { ALT: () => this.CONSUME(T.Name) },
      { ALT: () => this.CONSUME(T.NumberLiteral) },
      { ALT: () => this.CONSUME(T.StringLiteral) },
    ]);
    return this.ACTION((): Identifier => (name.tokenType === T.NumberLiteral
      ? { kind: 'identifier', name: name.image, quoted: false, position: name.startOffset }
      : identifierOf(name)));
  });

  private readonly join = this.RULE('join', (): Join => this.OR([
    { ALT: () => {
      const comma = this.CONSUME(T.Comma);
      const source = this.SUBRULE(this.source);
      return this.ACTION((): Join => ({ kind: 'join', joinType: 'comma', source, position: comma.startOffset }));
    } },
    { ALT: () => {
      const first = this.LA(1);
      const joinType = this.OPTION(() => this.SUBRULE(this.joinType)) ?? 'inner';
      const keyword = this.CONSUME(K.join);
      const source = this.SUBRULE2(this.source);
      const on = this.OPTION2({
        GATE: () => this.isToken(1, K.on) || (this.isWord(1, 'using') && this.isNameListInParens(2)),
        DEF: () => this.SUBRULE(this.joinCondition),
      });
      const tolerance = this.OPTION3({
        GATE: () => this.isWord(1, 'tolerance'),
        DEF: () => {
          this.word(10, 'tolerance');
          return this.CONSUME(T.Duration);
        },
      });
      return this.ACTION((): Join => ({
        kind: 'join', joinType, source, on: on?.on, using: on?.using,
        tolerance: tolerance === undefined ? undefined : durationOf(tolerance),
        position: first.tokenType === K.join ? keyword.startOffset : first.startOffset,
      }));
    } },
  ]));

  private readonly joinType = this.RULE('joinType', (): JoinType => this.OR([
    { ALT: () => { this.CONSUME(K.inner); return 'inner' as const; } },
    { ALT: () => {
      this.CONSUME(K.left);
      this.OPTION(() => this.CONSUME(K.outer));
      return 'left' as const;
    } },
    { ALT: () => { this.CONSUME(K.cross); return 'cross' as const; } },
    { GATE: () => this.isAnyWord(1, TIME_JOIN_WORDS), ALT: () => this.CONSUME(T.Identifier).image.toLowerCase() as 'asof' | 'lt' | 'splice' },
    // Tier 3.
    { ALT: () => this.notSupported(this.CONSUME(K.right), 'RIGHT JOIN') },
    { ALT: () => this.notSupported(this.CONSUME(K.full), 'FULL JOIN') },
    { ALT: () => this.notSupported(this.CONSUME(K.lateral), 'LATERAL JOIN') },
    { ALT: () => this.notSupported(this.CONSUME(K.window), 'WINDOW JOIN') },
  ]));

  /** `ON (a, b)` and SQL's `USING (a, b)` list same-named keys; anything else after ON is a boolean expression. */
  private readonly joinCondition = this.RULE('joinCondition', (): { on?: Expression; using?: Identifier[] } => this.OR2([
    { GATE: () => this.isWord(1, 'using') && this.isNameListInParens(2), ALT: () => {
      this.word(10, 'using');
      return { using: this.SUBRULE(this.nameList) };
    } },
    { ALT: () => this.SUBRULE(this.onCondition) },
  ]));

  /** `(a, b, c)`: join keys, and the column lists of INSERT, DEDUP UPSERT KEYS, … */
  readonly nameList = this.RULE('nameList', (): Identifier[] => {
    this.CONSUME(T.LParen);
    const names = [this.CONSUME(T.Name)];
    this.MANY(() => {
      this.CONSUME(T.Comma);
      names.push(this.CONSUME2(T.Name));
    });
    this.CONSUME(T.RParen);
    return this.ACTION(() => names.map(identifierOf));
  });

  private readonly onCondition = this.RULE('onCondition', (): { on?: Expression; using?: Identifier[] } => {
    this.CONSUME(K.on);
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.isNameListInParens(1), ALT: () => ({ using: this.SUBRULE(this.nameList) }) },
        { ALT: () => ({ on: this.SUBRULE(this.expr) }) },
      ],
    });
  });

  /** A `(name, …)` list starting at LA(first). */
  private isNameListInParens(first: number): boolean {
    if (!this.isToken(first, T.LParen)) return false;
    for (let k = first + 1; ; k += 2) {
      if (!this.isName(k)) return false;
      if (this.isToken(k + 1, T.RParen)) return true;
      if (!this.isToken(k + 1, T.Comma)) return false;
    }
  }
}
