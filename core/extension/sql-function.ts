/**
 * SQL functions and operators, registered by plugins (plugins/sql-functions) and resolved by the
 * binder by name and argument types. (Shape completed by the SQL engine work.)
 */
export const SqlFunction = Symbol.for('svc.SqlFunction');

export interface SqlFunction {
  /** Lower-case name; operators use their symbol (`=`, `+`). */
  readonly name: string;
}
