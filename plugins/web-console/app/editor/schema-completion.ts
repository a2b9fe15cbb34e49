/**
 * Completion of table and column names from the schema panel's data (`tables()` and `table_columns()`):
 * table names everywhere, the columns of the tables the statement mentions (all columns when it
 * mentions none), and `table.` followed by that table's columns.
 */
import { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { statementAt } from './statement-splitter';

export interface SchemaColumn {
  readonly name: string;
  readonly type: string;
}

/** Table name → its columns. */
export type SchemaMap = ReadonlyMap<string, readonly SchemaColumn[]>;

function quoteIfNeeded(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

/** Tables whose names appear in the statement (as words, quoted or not), case-insensitive. */
export function mentionedTables(statement: string, tables: Iterable<string>): string[] {
  const lower = statement.toLowerCase();
  const out: string[] = [];
  for (const t of tables) {
    const name = t.toLowerCase();
    let i = lower.indexOf(name);
    while (i >= 0) {
      const before = i === 0 ? ' ' : lower[i - 1];
      const after = lower[i + name.length] ?? ' ';
      if (!/[a-z0-9_]/.test(before) && !/[a-z0-9_]/.test(after)) {
        out.push(t);
        break;
      }
      i = lower.indexOf(name, i + 1);
    }
  }
  return out;
}

export function schemaCompletionSource(schema: () => SchemaMap): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const map = schema();
    if (map.size === 0) return null;
    const dotted = context.matchBefore(/("[^"]+"|[\w$]+)\.[\w$]*$/);
    if (dotted) {
      const dot = dotted.text.lastIndexOf('.');
      const table = dotted.text.slice(0, dot).replace(/^"|"$/g, '');
      const entry = [...map].find(([name]) => name.toLowerCase() === table.toLowerCase());
      if (!entry) return null;
      return { from: dotted.from + dot + 1, options: entry[1].map((c) => ({ label: quoteIfNeeded(c.name), type: 'property', detail: c.type })), validFor: /^[\w$]*$/ };
    }
    const word = context.matchBefore(/[\w$]*/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    const doc = context.state.doc.toString();
    const statement = statementAt(doc, context.pos)?.text ?? '';
    const mentioned = mentionedTables(statement, map.keys());
    const tables: Completion[] = [...map.keys()].map((t) => ({ label: quoteIfNeeded(t), type: 'class', detail: 'table', boost: 1 }));
    const seen = new Set<string>();
    const columns: Completion[] = [];
    for (const t of mentioned.length > 0 ? mentioned : [...map.keys()]) {
      for (const c of map.get(t) ?? []) {
        if (seen.has(c.name)) continue;
        seen.add(c.name);
        columns.push({ label: quoteIfNeeded(c.name), type: 'property', detail: c.type, boost: mentioned.length > 0 ? 2 : 0 });
      }
    }
    return { from: word.from, options: [...columns, ...tables], validFor: /^[\w$]*$/ };
  };
}
