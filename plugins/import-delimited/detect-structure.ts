/**
 * The structure of an upload from its first `http.text.analysis.max.lines` lines:
 * delimiter, header, column names and detected types. Header rule: `forceHeader`, or line 1 equals the
 * known column names (existing table or `schema`), or every column is textual with line 1 and some
 * column becomes typed without it. The column count is line 1's field count.
 */
import { decodeUtf8 } from '../../core/data/utf8';
import { SvcError } from '../../core/errors';
import { AnalysisOptions, TextStructure } from '../../core/extension/import-format';
import { columnNames } from './column-names';
import { detectDelimiter } from './detect-delimiter';
import { detectColumnType, isTextual } from './detect-types';
import { RecordScanner } from './record-scanner';


/** Decoded records of `sample` (blank lines skipped), at most `maxLines`. */
export function sampleRecords(sample: Uint8Array, delimiter: number, whole: boolean, maxLines: number): string[][] {
  const scanner = new RecordScanner(delimiter);
  const rows: string[][] = [];
  let p = 0;
  while (p < sample.length && rows.length < maxLines) {
    const next = scanner.scan(sample, p, sample.length, whole);
    if (next < 0) break;
    p = next;
    if (scanner.blank) continue;
    const row: string[] = [];
    for (let i = 0; i < scanner.count; i++) {
      const end = scanner.escaped[i] ? scanner.unescape(sample, i) : 0;
      // decodeUtf8 skips TextDecoder's per-call cost on short ASCII fields (most of a sample).
      row.push(scanner.escaped[i] ? decodeUtf8(scanner.unescaped, 0, end) : decodeUtf8(sample, scanner.starts[i], scanner.ends[i]));
    }
    rows.push(row);
  }
  return rows;
}

/** Cuts `sample` after its last line end (outside quotes) unless it is the whole upload. */
export function wholeLines(sample: Uint8Array, whole: boolean): Uint8Array {
  if (whole) return sample;
  let quoted = false;
  let last = -1;
  for (let i = 0; i < sample.length; i++) {
    const c = sample[i];
    if (c === 0x22) quoted = !quoted;
    else if (!quoted && c === 0x0a) last = i;
  }
  return sample.subarray(0, last + 1);
}

export function analyseSample(sample: Uint8Array, whole: boolean, options: AnalysisOptions): TextStructure {
  const maxLines = options.maxLines;
  const lines = wholeLines(sample, whole);
  const delimiter = options.delimiter ?? detectDelimiter(lines, options, options.table);
  const rows = sampleRecords(lines, delimiter, true, maxLines);
  if (rows.length === 0) throw SvcError.badRequest(`not enough lines [table=${options.table}]`);
  const count = rows[0].length;
  const withFirst = Array.from({ length: count }, (_, c) => detectColumnType(rows, c, 0));
  const withoutFirst = Array.from({ length: count }, (_, c) => detectColumnType(rows, c, 1));
  const header = options.forceHeader
    || matchesNames(rows[0], options.knownNames)
    || (withFirst.every(isTextual) && withoutFirst.some((t) => !isTextual(t)));
  const { names, duplicate } = columnNames(header ? rows[0] : undefined, count);
  if (duplicate >= 0) throw SvcError.badRequest(`duplicate column name found [no=${duplicate},name=${names[duplicate]}]`);
  const detected = header ? withoutFirst : withFirst;
  return { delimiter, header, columns: names.map((name, i) => ({ name, type: detected[i].type, pattern: detected[i].pattern })) };
}

function matchesNames(cells: readonly string[], known: readonly string[] | undefined): boolean {
  if (!known || known.length === 0 || cells.length === 0) return false;
  const lower = new Set(known.map((n) => n.toLowerCase()));
  const { names } = columnNames(cells, cells.length);
  return names.every((n) => lower.has(n.toLowerCase()));
}
