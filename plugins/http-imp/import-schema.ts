/**
 * The `schema` form part: a JSON array of `{name, type, pattern?, locale?,
 * upsertKey?}`. Entries apply to the column of the same name (case-insensitive), or by position when the
 * upload has no header and the array covers every column.
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

export function parseSchema(text: string): SchemaEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw SvcError.badRequest(`invalid schema: not JSON [${e instanceof Error ? e.message : String(e)}]`);
  }
  if (!Array.isArray(json)) throw SvcError.badRequest('invalid schema: expected a JSON array of {name, type, pattern}');
  return json.map((entry: unknown, i): SchemaEntry => {
    if (!isRecord(entry) || typeof entry.name !== 'string' || entry.name === '') {
      throw SvcError.badRequest(`invalid schema: entry ${i} needs a "name" string`);
    }
    let type: ColumnType | undefined;
    if (entry.type !== undefined && entry.type !== null) {
      if (typeof entry.type !== 'string') throw SvcError.badRequest(`invalid schema: "type" of ${entry.name} must be a string`);
      type = parseTypeName(entry.type);
      if (!type) throw SvcError.badRequest(`invalid schema: unknown type [name=${entry.name}, type=${entry.type}]`);
    }
    const pattern = typeof entry.pattern === 'string' && entry.pattern !== '' ? entry.pattern : undefined;
    return { name: entry.name, type, pattern, upsertKey: entry.upsertKey === true };
  });
}

/** The entry for column `index` named `name`. */
export function schemaFor(schema: readonly SchemaEntry[], name: string, index: number, byPosition: boolean): SchemaEntry | undefined {
  const lower = name.toLowerCase();
  return schema.find((e) => e.name.toLowerCase() === lower) ?? (byPosition ? schema[index] : undefined);
}
