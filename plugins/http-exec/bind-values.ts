/**
 * The bind values of an /exec or /exp request, matched to the compiled statement's parameters
 * (CompiledQuery.parameters) and handed to its execute(): the engine's one parameter binding, the one the
 * PostgreSQL wire protocol's Bind uses, so a value is never part of the SQL text and cannot change the
 * statement's shape. Values come from URL (or form body) parameters `$1=…` for `$1` and `p_lo=…` for
 * `:lo`, and from the `params` object of a POST JSON body (`{"$1": 5, "lo": "2024-01-01", ":hi": null}`),
 * which wins over the URL. URL values are text, converted to the type the query gives the parameter;
 * JSON values keep their JSON type (a number, true/false, null for SQL NULL).
 *
 * Every problem is a 400 `{query, error, position}` naming the parameter, found before anything runs: a
 * parameter without a value (at the parameter's position), a value the type does not take (the engine's
 * `inconvertible value: … for bind variable $1`, at the parameter's position), a value for a parameter
 * the query does not have, a malformed name.
 */
import { SvcError } from '../../core/errors';
import type { ParameterInfo } from '../../core/sql/query-engine';
import { ParameterValues } from '../../core/sql/parameters/parameter-values';
import type { SqlValue } from '../../core/sql/vector/sql-value';

/** Where a request's bind values come from. */
export interface BindSource {
  /** The URL's parameters (with a form body's): `$1=…`, `p_name=…`. */
  readonly url: URLSearchParams;
  /** A POST JSON body's `params`, keys as written (`$1`, `lo`, `:lo`), values as JSON.parse gave them. */
  readonly json?: ReadonlyMap<string, unknown>;
}

/** URL parameters with this prefix carry the value of `:name` (`p_lo` → `:lo`). */
export const NAMED_PREFIX = 'p_';

const NUMBERED = /^\$[1-9]\d{0,5}$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface Supplied {
  /** The parameter as the query writes it: `$1`, `:lo`. */
  readonly label: string;
  /** How the request wrote it (`p_lo`, `params.lo`), for messages. */
  readonly given: string;
  readonly value: SqlValue;
}

/** The key one label matches under: `$n` as is, `:name` in lower case (names are case-insensitive). */
const keyOf = (label: string): string => label.toLowerCase();

/** The supplied values by parameter, URL first, then the JSON body's (which win). */
export function suppliedValues(source: BindSource): Map<string, Supplied> {
  const out = new Map<string, Supplied>();
  const fromUrl = new Set<string>();
  for (const [key, value] of source.url) {
    let label: string;
    if (key.startsWith('$')) label = numbered(key, key);
    else if (key.startsWith(NAMED_PREFIX)) label = named(key.slice(NAMED_PREFIX.length), key);
    else continue;
    const k = keyOf(label);
    if (fromUrl.has(k)) throw new SvcError(`bind variable ${label} is given more than once [${key}]`, 400, 0);
    fromUrl.add(k);
    out.set(k, { label, given: key, value });
  }
  for (const [key, value] of source.json ?? []) {
    const given = `params.${key}`;
    const label = key.startsWith('$') ? numbered(key, given) : named(key.startsWith(':') ? key.slice(1) : key, given);
    out.set(keyOf(label), { label, given, value: jsonValue(value, label) });
  }
  return out;
}

/** A JSON value keeps its type: text, a number, true/false, or null for SQL NULL. */
function jsonValue(v: unknown, label: string): SqlValue {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  throw new SvcError(`bind variable ${label} must be a string, number, boolean or null, not ${Array.isArray(v) ? 'an array' : typeof v}`, 400, 0);
}

function numbered(key: string, given: string): string {
  if (!NUMBERED.test(key)) throw new SvcError(`invalid bind variable name [${given}]: expected $1, $2, …`, 400, 0);
  return key;
}

function named(name: string, given: string): string {
  if (!NAME.test(name)) throw new SvcError(`invalid bind variable name [${given}]: a name is a letter or _ followed by letters, digits or _`, 400, 0);
  return `:${name}`;
}

/**
 * The values in slot order for execute(), each checked against its parameter's type; undefined when the
 * statement has no parameters and none were given (execute() then runs it as before).
 */
export function bindValues(parameters: readonly ParameterInfo[], source: BindSource): SqlValue[] | undefined {
  const supplied = suppliedValues(source);
  const used = new Set(parameters.map((p) => keyOf(p.name)));
  for (const [k, s] of supplied) {
    if (!used.has(k)) throw new SvcError(`bind variable ${s.label} is not in the query [${s.given}]`, 400, 0);
  }
  if (parameters.length === 0) return undefined;
  const values: SqlValue[] = new Array<SqlValue>(parameters.length);
  for (let i = 0; i < parameters.length; i++) {
    const p = parameters[i];
    const s = supplied.get(keyOf(p.name));
    if (!s) throw new SvcError(`no value for bind variable ${p.name} [${hint(p.name)}]`, 400, p.position ?? 0);
    checkConvertible(p, s.value);
    values[i] = s.value;
  }
  return values;
}

function hint(label: string): string {
  if (label.startsWith('$')) return `send ${label}=… in the URL or params.${label} in a JSON body`;
  const name = label.slice(1);
  return `send ${NAMED_PREFIX}${name}=… in the URL or params.${name} in a JSON body`;
}

/** The engine's own conversion, one parameter at a time, so its error carries that parameter's position. */
function checkConvertible(p: ParameterInfo, value: SqlValue): void {
  try {
    ParameterValues.bind([p], [value]);
  } catch (e) {
    if (e instanceof SvcError && e.statusCode === 400) throw new SvcError(e.message, 400, p.position ?? 0, { cause: e });
    throw e;
  }
}
