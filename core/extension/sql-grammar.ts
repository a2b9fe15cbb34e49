/** Parses SQL text into the AST (core/sql/ast.ts). One registration (plugins/sql-grammar). */
import { Statement } from '../sql/ast';

export const SqlGrammar = Symbol.for('svc.SqlGrammar');

export interface SqlGrammar {
  /** Parses one statement (a single trailing `;` allowed); throws SvcError.sql(position, message). */
  parse(sql: string): Statement;
}
