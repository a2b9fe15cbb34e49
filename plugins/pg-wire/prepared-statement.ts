/**
 * A statement as the extended protocol keeps it (Parse): the SQL compiled once by the engine with the
 * parameter types the client declared (the rest inferred), or a session command, or nothing at all for
 * an empty query. Describe reads its parameter OIDs and result columns; every Bind reuses it.
 */
import { ResultColumn } from '../../core/data/result-set';
import { Types } from '../../core/data/column-type';
import { CompiledQuery, QueryEngine } from '../../core/sql/query-engine';
import { parseSessionCommand, SessionCommand } from './session-command';
import { oidOf } from '../sql-catalog/pg-type-oids';
import { parameterTypeOf } from './parameter-types';
import { parseCopy } from './copy-statement';
import { protocolError } from './pg-protocol-error';
import { SQLSTATE } from './sql-state';

export interface PreparedStatement {
  readonly sql: string;
  readonly query?: CompiledQuery;
  readonly command?: SessionCommand;
  /** One OID per parameter: the declared one, else the inferred type's. */
  readonly parameterOids: readonly number[];
  /** The result columns; undefined when the statement returns no rows (NoData). */
  readonly columns?: readonly ResultColumn[];
  readonly empty: boolean;
}

const varchar = (name: string): ResultColumn => ({ name, type: Types.VARCHAR });

export function prepareStatement(engine: QueryEngine, sql: string, declared: readonly number[]): PreparedStatement {
  if (isBlank(sql)) return { sql, parameterOids: declared, empty: true };
  // COPY's CopyData follows a simple Query (psql, psycopg, pgjdbc's CopyManager send it that way).
  if (parseCopy(sql)) throw protocolError('COPY FROM STDIN and COPY TO STDOUT run in a simple Query, not through Parse', SQLSTATE.FEATURE_NOT_SUPPORTED);
  const command = parseSessionCommand(sql);
  if (command) return { sql, command, parameterOids: declared, columns: commandColumns(command), empty: false };
  const query = engine.compile(sql, { parameterTypes: declared.map(parameterTypeOf) });
  const parameters = query.parameters ?? [];
  // A type the client declared stays its type in ParameterDescription: it sends values in that type's format.
  const oids = parameters.map((p, i) => (declared[i] ? declared[i] : oidOf(p.type)));
  return { sql, query, parameterOids: oids, columns: query.kind === 'select' ? query.columns : undefined, empty: false };
}

function commandColumns(c: SessionCommand): readonly ResultColumn[] | undefined {
  if (c.kind !== 'show') return undefined;
  if (c.name === 'all') return [varchar('name'), varchar('setting'), varchar('description')];
  return [varchar(c.name)];
}

/** True for text with nothing but whitespace and comments (EmptyQueryResponse). */
export function isBlank(sql: string): boolean {
  return sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|[\s;]/g, '') === '';
}
