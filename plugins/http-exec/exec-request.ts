/**
 * The parameters of an /exec request: the URL's, plus for POST those of the body (svc's own, beyond
 * QuestDB's GET-only API, for queries longer than a URL may be). The body may be
 * `application/x-www-form-urlencoded` (the URL's syntax: `curl -d query=…`), `application/json`
 * (`{"query": "...", "limit": "0,10", "params": {"$1": 5, "lo": "2024-01-01"}}`; `params` entries become
 * `$1=…` / `p_lo=…` like URL bind parameters) or `text/plain` / `application/sql` (the query text itself),
 * optionally compressed (`Content-Encoding: gzip`). Body values win over the URL's.
 */
import { SvcError } from '../../core/errors';
import { HttpExchange } from '../../core/extension/http-route';
import { readBody } from '../../core/server/request-body';

export interface ExecRequest {
  readonly params: URLSearchParams;
  /** The body was not valid UTF-8. */
  readonly badUtf8: boolean;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** A JSON value as the text a URL parameter would carry (objects and arrays as JSON text). */
function paramText(v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v);
}

function jsonParams(text: string): URLSearchParams {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new SvcError(`invalid JSON body [${e instanceof Error ? e.message : String(e)}]`, 400, 0);
  }
  if (!isRecord(json)) throw new SvcError('invalid JSON body: expected an object such as {"query": "select 1"}', 400, 0);
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(json)) {
    if (key === 'params') {
      if (!isRecord(value)) throw new SvcError('invalid JSON body: "params" must be an object such as {"$1": 5, "lo": "2024-01-01"}', 400, 0);
      for (const [name, v] of Object.entries(value)) {
        // `null` is a bound NULL; it travels as an empty value.
        out.set(name.startsWith('$') ? name : `p_${name.replace(/^:/, '')}`, paramText(v) ?? '');
      }
      continue;
    }
    const text = paramText(value);
    if (text !== undefined) out.set(key, text);
  }
  return out;
}

export async function execRequest(exchange: HttpExchange, maxBodyBytes: number): Promise<ExecRequest> {
  const { req } = exchange;
  if (req.method !== 'POST') return { params: exchange.params, badUtf8: false };
  const bytes = await readBody(req, maxBodyBytes);
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return { params: exchange.params, badUtf8: true };
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  let body: URLSearchParams;
  if (type === 'application/json') body = jsonParams(text);
  else if (type === 'application/x-www-form-urlencoded' || (type === '' && bytes.length === 0)) body = new URLSearchParams(text);
  else if (type === 'text/plain' || type === 'application/sql') body = new URLSearchParams({ query: text });
  else throw new SvcError(`unsupported Content-Type [${type}], expected application/json, application/x-www-form-urlencoded or text/plain`, 415, 0);
  const merged = new URLSearchParams(exchange.params);
  for (const key of new Set(body.keys())) {
    merged.delete(key);
    for (const v of body.getAll(key)) merged.append(key, v);
  }
  return { params: merged, badUtf8: false };
}
