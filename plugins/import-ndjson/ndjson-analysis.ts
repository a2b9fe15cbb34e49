/**
 * The structure of an NDJSON upload from its first lines (up to `http.text.analysis.max.lines`): the keys in
 * the order they first appear become the columns (names cleaned as CSV headers are), each typed by the
 * values seen: integers → INT (LONG when one does not fit), any fraction or exponent → DOUBLE, true/false →
 * BOOLEAN, strings → TIMESTAMP or DATE when every one matches one of the CSV timestamp formats, else
 * VARCHAR; objects and arrays are kept as their JSON text (VARCHAR); a key that is only ever null →
 * VARCHAR. A key holding numbers in some lines and strings (or booleans) in others is an error naming the
 * key and both lines: give its type in `schema` to import it. A sample line that is not a JSON object is an
 * error too. The sample is small, so it is parsed with JSON.parse; the rows are not (ndjson-parser.ts).
 */
import { Types } from '../../core/data/column-type';
import { decodeUtf8 } from '../../core/data/utf8';
import { SvcError } from '../../core/errors';
import { AnalysisOptions, DetectedColumn, TextStructure } from '../../core/extension/import-format';
import { cleanColumnName } from '../import-delimited/column-names';
import { detectColumnType } from '../import-delimited/detect-types';

type Kind = 'integer' | 'number' | 'boolean' | 'string' | 'nested';

interface KeyFacts {
  kind: Kind | undefined;
  /** 1-based line where `kind` was first seen. */
  line: number;
  bigInteger: boolean;
  readonly strings: string[];
}

function kindOf(v: unknown): Kind | undefined {
  if (v === null) return undefined;
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'string') return 'string';
  return 'nested';
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The complete lines of the sample (the last one only when the upload ends there). */
function sampleLines(sample: Uint8Array, whole: boolean, maxLines: number): string[] {
  const lines: string[] = [];
  let start = 0;
  while (lines.length < maxLines) {
    let nl = sample.indexOf(10, start);
    if (nl < 0) {
      if (!whole || start >= sample.length) break;
      nl = sample.length;
    }
    const text = decodeUtf8(sample, start, nl).trim();
    if (text !== '') lines.push(text);
    start = nl + 1;
  }
  return lines;
}

function columnOf(key: string, facts: KeyFacts): DetectedColumn {
  const name = cleanColumnName(key) || key;
  const sourceName = name !== key ? key : undefined;
  switch (facts.kind) {
    case 'integer': return { name, sourceName, type: facts.bigInteger ? Types.LONG : Types.INT };
    case 'number': return { name, sourceName, type: Types.DOUBLE };
    case 'boolean': return { name, sourceName, type: Types.BOOLEAN };
    case 'string': {
      const detected = detectColumnType(facts.strings.map((s) => [s]), 0, 0);
      const temporal = detected.type === Types.TIMESTAMP || detected.type === Types.DATE;
      return temporal ? { name, sourceName, type: detected.type, pattern: detected.pattern } : { name, sourceName, type: Types.VARCHAR };
    }
    default: return { name, sourceName, type: Types.VARCHAR };
  }
}

export function analyseNdjson(sample: Uint8Array, whole: boolean, options: AnalysisOptions): TextStructure {
  const lines = sampleLines(sample, whole, options.maxLines);
  if (lines.length === 0) throw SvcError.badRequest(`not enough lines [table=${options.table}]`);
  const keys = new Map<string, KeyFacts>();
  lines.forEach((text, i) => {
    let row: unknown;
    try {
      row = JSON.parse(text);
    } catch (e) {
      throw SvcError.badRequest(`invalid JSON [line=${i + 1}, table=${options.table}]: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!isRecord(row)) throw SvcError.badRequest(`not a JSON object [line=${i + 1}, table=${options.table}]`);
    for (const [key, value] of Object.entries(row)) {
      let facts = keys.get(key);
      if (!facts) { facts = { kind: undefined, line: 0, bigInteger: false, strings: [] }; keys.set(key, facts); }
      const kind = kindOf(value);
      if (kind === undefined) continue;
      if (kind === 'string') facts.strings.push(value as string);
      if (kind === 'integer' && Math.abs(value as number) > 2147483647) facts.bigInteger = true;
      if (facts.kind === undefined) { facts.kind = kind; facts.line = i + 1; continue; }
      if (facts.kind === kind) continue;
      const numeric = (k: Kind): boolean => k === 'integer' || k === 'number';
      if (numeric(facts.kind) && numeric(kind)) { facts.kind = 'number'; continue; }
      throw SvcError.badRequest(`mixed types for key "${key}": ${facts.kind} at line ${facts.line}, ${kind} at line ${i + 1}`
        + ` [table=${options.table}]; give its type in the schema`);
    }
  });
  const columns = [...keys.entries()].map(([key, facts]) => columnOf(key, facts));
  return { delimiter: 0, header: true, columns };
}
