/**
 * The `schema` form part: a JSON array of `{name, type, pattern?, locale?,
 * upsertKey?}`. Entries apply to the column of the same name (case-insensitive), or by position when the
 * upload has no header and the array covers every column. Errors carry QuestDB 9.4.4's texts:
 * `Unterminated object`, `Unterminated array`, `Unterminated string`, `Unexpected symbol`, `Unexpected object`,
 * `Unexpected array`, `Must be an object`, `Missing 'name' property`, `Missing 'type' property`, `Invalid type`.
 */
import { ColumnType, parseTypeName } from '../../core/data/column-type';
import { SvcError } from '../../core/errors';

export interface SchemaEntry {
  readonly name: string;
  readonly type: ColumnType | undefined;
  readonly pattern: string | undefined;
  readonly upsertKey: boolean;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** What a JSON text that JSON.parse refused is missing: the innermost container or string left open. */
function jsonProblem(text: string): string {
  const open: string[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') open.push(c);
    else if ((c === '}' && open.at(-1) === '{') || (c === ']' && open.at(-1) === '[')) open.pop();
    else if (c === '}' || c === ']') return 'Unexpected symbol';
  }
  if (inString) return 'Unterminated string';
  const last = open.at(-1);
  if (last === '{') return 'Unterminated object';
  if (last === '[') return 'Unterminated array';
  return 'Unexpected symbol';
}

export function parseSchema(text: string): SchemaEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw SvcError.badRequest(jsonProblem(text));
  }
  if (isRecord(json)) throw SvcError.badRequest('Unexpected object');
  if (!Array.isArray(json)) throw SvcError.badRequest('Unexpected symbol');
  return json.map((entry: unknown): SchemaEntry => {
    if (Array.isArray(entry)) throw SvcError.badRequest('Unexpected array');
    if (!isRecord(entry)) throw SvcError.badRequest('Must be an object');
    if (entry.type !== undefined && entry.type !== null) {
      if (typeof entry.type !== 'string' || !parseTypeName(entry.type)) throw SvcError.badRequest('Invalid type');
    }
    if (typeof entry.name !== 'string' || entry.name === '') throw SvcError.badRequest("Missing 'name' property");
    if (typeof entry.type !== 'string') throw SvcError.badRequest("Missing 'type' property");
    const pattern = typeof entry.pattern === 'string' && entry.pattern !== '' ? entry.pattern : undefined;
    return { name: entry.name, type: parseTypeName(entry.type), pattern, upsertKey: entry.upsertKey === true };
  });
}

/** The entry for column `index` named `name`. */
export function schemaFor(schema: readonly SchemaEntry[], name: string, index: number, byPosition: boolean): SchemaEntry | undefined {
  const lower = name.toLowerCase();
  return schema.find((e) => e.name.toLowerCase() === lower) ?? (byPosition ? schema[index] : undefined);
}
