/**
 * `cols=a,b`: the result columns to send, in that order, matched case-insensitively.
 * Errors have their own texts and no position (QuestDB 9.4.4): `empty column in query parameter`,
 * `column not found: 'xyz'`.
 */
import { ResultColumn } from '../../core/data/result-set';

export type Projection =
  | { readonly ok: true; readonly columns: readonly ResultColumn[]; readonly indexes: readonly number[]; readonly timestampIndex: number }
  | { readonly ok: false; readonly message: string };

export function projectColumns(columns: readonly ResultColumn[], timestampIndex: number, cols: readonly string[] | undefined): Projection {
  if (cols === undefined) return { ok: true, columns, indexes: columns.map((_, i) => i), timestampIndex };
  const indexes: number[] = [];
  for (const name of cols) {
    if (name.length === 0) return { ok: false, message: 'empty column in query parameter' };
    const lower = name.toLowerCase();
    const index = columns.findIndex((c) => c.name.toLowerCase() === lower);
    if (index < 0) return { ok: false, message: `column not found: '${name}'` };
    indexes.push(index);
  }
  return { ok: true, columns: indexes.map((i) => columns[i]), indexes, timestampIndex: indexes.indexOf(timestampIndex) };
}
