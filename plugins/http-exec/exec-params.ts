/**
 * The /exec request parameters: booleans are true only for the literal
 * `true` (any case); `src=con` (the web console) implies `quoteLargeNum`; `cols` picks and orders result
 * columns; `version=2` renames the empty-query key. `Statement-Timeout` (ms) overrides `query.timeout`.
 */
import { IncomingMessage } from 'node:http';
import { ExecLimit, parseExecLimit } from './exec-limit';

export interface ExecParams {
  readonly query: string;
  readonly count: boolean;
  readonly limit: ExecLimit;
  /** `nm=true`: no query, columns or timestamp keys. */
  readonly noMeta: boolean;
  readonly timings: boolean;
  readonly explain: boolean;
  readonly quoteLargeNum: boolean;
  /** `cols` split on commas, untrimmed; undefined when absent. */
  readonly cols: readonly string[] | undefined;
  readonly version2: boolean;
  /** The query text was not valid percent-encoded UTF-8. */
  readonly badUtf8: boolean;
  /** Statement-Timeout in ms, when the header holds a positive integer. */
  readonly statementTimeoutMs: number | undefined;
  /** `query_id`: the client's name for this query (progress, cancellation); undefined = the server picks one. */
  readonly queryId: string | undefined;
  /** `cancel=<query_id>`: cancel that query instead of running one. */
  readonly cancelId: string | undefined;
  /** `progress=true`: the document ends with a `progress` object. */
  readonly progress: boolean;
}

function flag(params: URLSearchParams, name: string): boolean {
  const v = params.get(name);
  return v !== null && v.toLowerCase() === 'true';
}

/** URLSearchParams replaces broken UTF-8 with U+FFFD silently; the raw text tells whether it was broken. */
function queryHasBadUtf8(rawUrl: string): boolean {
  const q = rawUrl.indexOf('?');
  if (q < 0 || rawUrl.indexOf('%', q) < 0) return false;
  for (const part of rawUrl.slice(q + 1).split('&')) {
    if (!part.startsWith('query=')) continue;
    try {
      decodeURIComponent(part.slice(6).replace(/\+/g, ' '));
    } catch {
      return true;
    }
  }
  return false;
}

function statementTimeout(req: IncomingMessage): number | undefined {
  const raw = req.headers['statement-timeout'];
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (text === undefined || !/^\s*\d{1,12}\s*$/.test(text)) return undefined;
  const ms = Number(text);
  return ms > 0 ? ms : undefined;
}

/** `bodyBadUtf8`: a POST body that was not UTF-8 (exec-request.ts). */
export function parseExecParams(req: IncomingMessage, params: URLSearchParams, bodyBadUtf8 = false): ExecParams {
  const cols = params.get('cols');
  return {
    query: params.get('query') ?? '',
    count: flag(params, 'count'),
    limit: parseExecLimit(params.get('limit')),
    noMeta: flag(params, 'nm'),
    timings: flag(params, 'timings'),
    explain: flag(params, 'explain'),
    quoteLargeNum: flag(params, 'quoteLargeNum') || params.get('src') === 'con',
    cols: cols === null ? undefined : cols.split(','),
    version2: params.get('version') === '2',
    badUtf8: bodyBadUtf8 || queryHasBadUtf8(req.url ?? ''),
    statementTimeoutMs: statementTimeout(req),
    queryId: params.get('query_id') ?? undefined,
    cancelId: params.get('cancel') ?? undefined,
    progress: flag(params, 'progress'),
  };
}
