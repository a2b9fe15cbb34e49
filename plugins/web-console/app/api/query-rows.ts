/** Small queries the console makes for itself (the schema): the rows or an Error with the server's message. */
import { ApiClient } from './api-client';
import { RowsAnswer } from './exec-answer';
import { execPage } from './exec-client';

export async function queryRows(client: ApiClient, sql: string, maxRows = 10_000, signal?: AbortSignal): Promise<RowsAnswer> {
  const answer = await execPage(client, sql, { from: 0, to: maxRows, first: true, signal });
  if (answer.kind !== 'rows') throw new Error(answer.kind === 'error' ? answer.message : `not a query: ${sql}`);
  return answer;
}

/** The value of a named column in a row of the answer. */
export function field(answer: RowsAnswer, row: readonly unknown[], column: string): unknown {
  const i = answer.columns.findIndex((c) => c.name === column);
  return i < 0 ? undefined : row[i];
}

/** A SQL string literal: 'it''s'. */
export function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
