/**
 * INSERT and UPDATE:
 * `INSERT [ATOMIC | BATCH n [o3MaxLag v]] INTO t [(cols)] VALUES (…), (…) | query` (optionally after
 * WITH) and `UPDATE t [alias] SET c = e [, …] [FROM …] [WHERE …]`.
 */
import type {
  Assignment, CommonTableExpression, Expression, Identifier, InsertBatch, InsertStatement, Query, UpdateStatement,
  ValuesRow, ValuesSource,
} from '../../core/sql/ast';
import { QueryParser } from './query-parser';
import { above, Precedence } from './operators';
import * as T from './tokens';

const K = T.Keyword;

export abstract class DmlParser extends QueryParser {
  readonly insert = this.RULE('insert', (ctes?: readonly CommonTableExpression[]): InsertStatement => {
    const insert = this.word(10, 'insert');
    const atomic = this.OPTION({ GATE: () => this.isWord(1, 'atomic'), DEF: () => this.word(11, 'atomic') }) !== undefined;
    const batch = this.OPTION2({ GATE: () => this.isWord(1, 'batch'), DEF: () => this.SUBRULE(this.insertBatch) });
    this.word(12, 'into');
    const table = this.SUBRULE(this.tableName);
    const columns = this.OPTION3({
      GATE: () => this.isToken(1, T.LParen) && !this.startsQuery(2),
      DEF: () => this.SUBRULE(this.nameList),
    });
    const source = this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.isWord(1, 'values'), ALT: () => this.SUBRULE(this.values) },
        { ALT: (): ValuesSource | Query => this.SUBRULE(this.query) },
      ],
    });
    return this.ACTION((): InsertStatement => ({
      kind: 'insert', with: ctes, table, columns, source, atomic, batch, position: insert.startOffset,
    }));
  });

  private readonly insertBatch = this.RULE('insertBatch', (): InsertBatch => {
    const batch = this.word(10, 'batch');
    const size = this.SUBRULE(this.expr, above(Precedence.operand));
    const o3MaxLag = this.OPTION({
      GATE: () => this.isWord(1, 'o3maxlag'),
      DEF: () => {
        this.CONSUME(T.Identifier);
        return this.SUBRULE2(this.expr, above(Precedence.operand));
      },
    });
    return this.ACTION((): InsertBatch => ({ kind: 'insertBatch', size, o3MaxLag, position: batch.startOffset }));
  });

  private readonly values = this.RULE('values', (): ValuesSource => {
    const values = this.word(10, 'values');
    const rows = [this.SUBRULE(this.valuesRow)];
    this.MANY(() => {
      this.CONSUME(T.Comma);
      rows.push(this.SUBRULE2(this.valuesRow));
    });
    return this.ACTION((): ValuesSource => ({ kind: 'values', rows, position: values.startOffset }));
  });

  private readonly valuesRow = this.RULE('valuesRow', (): ValuesRow => {
    const open = this.CONSUME(T.LParen);
    const values = this.SUBRULE(this.expressionList);
    const close = this.CONSUME(T.RParen);
    return this.ACTION((): ValuesRow => ({ kind: 'valuesRow', values, position: open.startOffset, end: close.startOffset }));
  });

  readonly update = this.RULE('update', (): UpdateStatement => {
    const update = this.word(10, 'update');
    const table = this.SUBRULE(this.tableName);
    const alias = this.OPTION({
      GATE: () => this.isToken(1, K.as) || (this.isName(1) && !this.isWord(1, 'set')),
      DEF: () => this.SUBRULE(this.alias),
    });
    this.word(11, 'set');
    const assignments = [this.SUBRULE(this.assignment)];
    this.MANY(() => {
      this.CONSUME(T.Comma);
      assignments.push(this.SUBRULE2(this.assignment));
    });
    const from = this.OPTION2(() => {
      this.CONSUME(K.from);
      return this.SUBRULE(this.fromClause);
    });
    const where = this.OPTION3(() => {
      this.CONSUME(K.where);
      return this.SUBRULE(this.expr);
    });
    return this.ACTION((): UpdateStatement => ({
      kind: 'update', table, alias, assignments, from, where, position: update.startOffset,
    }));
  });

  private readonly assignment = this.RULE('assignment', (): Assignment => {
    const column = this.SUBRULE(this.expr, above(Precedence.operand));
    this.CONSUME(T.Equal);
    const value: Expression = this.SUBRULE2(this.expr);
    return this.ACTION((): Assignment => {
      if (column.kind !== 'column') this.fail(this.LA(0), 'column name');
      const name: Identifier = { kind: 'identifier', name: column.name, quoted: column.quoted, position: column.position };
      return { kind: 'assignment', column: name, value, position: column.position };
    });
  });
}
