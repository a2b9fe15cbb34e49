/**
 * Names from header cells and file names (svc's choice where QuestDB is loose).
 * Column names: space ? . , ' " \ / : ) ( + - * % ~, U+0000–U+000F and U+007F are removed and the next
 * kept character is upper-cased, also at the start (`temp.f` → `tempF`, `(x)` → `X`); a BOM is dropped; a leading digit gets `_`; `_` is
 * kept. Table names: removal list (whitespace . ? , : \ / NUL ) ( + - * ~ %), `_` kept —
 * so a default name `weather.csv` becomes `weathercsv` (QuestDB keeps `.csv`; svc follows its documented removal list).
 * An explicit `name=` on /imp is not cleaned (it is used verbatim).
 */
const COLUMN_REMOVED = new Set([...' ?.,\'"\\/:)(+-*%~']);
const TABLE_REMOVED = new Set([...'.?,:\\/)(+-*~%\0']);

function isControl(code: number): boolean {
  return code <= 0x0f || code === 0x7f;
}

export function cleanColumnName(raw: string): string {
  let out = '';
  let upper = false;
  for (const ch of raw) {
    const code = ch.codePointAt(0) ?? 0;
    if (code === 0xfeff) continue;
    if (COLUMN_REMOVED.has(ch) || isControl(code)) {
      // The next kept character is upper-cased, also at the start: `(x)` → `X` (QuestDB 9.4.4).
      upper = true;
      continue;
    }
    out += upper ? ch.toUpperCase() : ch;
    upper = false;
  }
  if (out.length > 0 && out[0] >= '0' && out[0] <= '9') out = '_' + out;
  return out;
}

export function cleanTableName(raw: string): string {
  let out = '';
  for (const ch of raw) {
    const code = ch.codePointAt(0) ?? 0;
    if (code === 0xfeff || TABLE_REMOVED.has(ch) || /\s/.test(ch) || code < 0x20 || code === 0x7f) continue;
    out += ch;
  }
  return out;
}

/**
 * Final column names: cleaned header cells, `f<i>` for blank cells (or no header), `_` appended while a
 * generated name collides. Returns the index of the first duplicate (case-insensitive) in `duplicate`.
 */
export function columnNames(cells: readonly string[] | undefined, count: number): { names: string[]; duplicate: number } {
  const cleaned = Array.from({ length: count }, (_, i) => (cells && i < cells.length ? cleanColumnName(cells[i]) : ''));
  const seen = new Set<string>();
  let duplicate = -1;
  cleaned.forEach((name, i) => {
    if (name === '') return;
    if (seen.has(name.toLowerCase()) && duplicate < 0) duplicate = i;
    seen.add(name.toLowerCase());
  });
  // Generated names come second so that they give way to the header's own names.
  const names = cleaned.map((name, i) => {
    if (name !== '') return name;
    let generated = `f${i}`;
    while (seen.has(generated.toLowerCase())) generated += '_';
    seen.add(generated.toLowerCase());
    return generated;
  });
  return { names, duplicate };
}
