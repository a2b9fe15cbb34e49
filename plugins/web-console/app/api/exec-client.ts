/**
 * Runs SQL through GET /exec one page at a time. `limit=lo,hi` on /exec names rows lo..hi, 1-based and
 * inclusive, so rows [from, to) of the result (0-based) are `limit=from+1,to`. The first page asks for
 * `count=true` (the total, for the grid's height) and `timings=true`; later pages add `nm=true` (no column
 * list). `src=con` makes LONG values arrive as strings, so no digit is lost in JavaScript numbers.
 */
import { ApiClient } from './api-client';
import { ExecAnswer, ExecColumn, execAnswer } from './exec-answer';

export interface PageRequest {
  /** First row, 0-based. */
  readonly from: number;
  /** One past the last row. */
  readonly to: number;
  /** The first page of a result: total count, timings and columns. */
  readonly first?: boolean;
  readonly columns?: readonly ExecColumn[];
  readonly signal?: AbortSignal;
}

export function pageParams(sql: string, page: PageRequest): Record<string, string | undefined> {
  return {
    query: sql,
    limit: `${page.from + 1},${page.to}`,
    src: 'con',
    count: page.first ? 'true' : undefined,
    timings: page.first ? 'true' : undefined,
    nm: page.first ? undefined : 'true',
  };
}

export async function execPage(client: ApiClient, sql: string, page: PageRequest): Promise<ExecAnswer> {
  const response = await client.get('exec', pageParams(sql, page), page.signal);
  const text = await response.text();
  if (response.status === 401) return { kind: 'error', message: 'Unauthorized: sign in to run queries', status: 401 };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'error', message: text.trim() || `HTTP ${response.status}`, status: response.status };
  }
  return execAnswer(body, response.status, page.columns);
}
