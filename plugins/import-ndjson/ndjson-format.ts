/**
 * The `ndjson` ImportFormat (svc's own, beyond QuestDB's CSV-only /imp): newline-delimited JSON objects,
 * chosen by `fmt=ndjson` (or `jsonl`), a `.ndjson`/`.jsonl`/`.json` file name, or an upload whose first
 * non-blank byte is `{`. Structure: ndjson-analysis.ts; rows: ndjson-parser.ts.
 */
import { AnalysisOptions, ImportParser, ParsePlan, StreamImportFormat, TextStructure } from '../../core/extension/import-format';
import { analyseNdjson } from './ndjson-analysis';
import { NdjsonParser } from './ndjson-parser';

const NAMES = /\.(ndjson|jsonl|json)$/i;

export const ndjsonFormat: StreamImportFormat = {
  name: 'ndjson',
  fmts: ['ndjson', 'jsonl'],
  detect(head: Uint8Array, filename: string | undefined): boolean {
    if (filename !== undefined && NAMES.test(filename)) return true;
    let i = head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
    while (i < head.length && (head[i] === 0x20 || head[i] === 0x0a || head[i] === 0x0d || head[i] === 0x09)) i++;
    return head[i] === 0x7b;
  },
  analyse(sample: Uint8Array, whole: boolean, options: AnalysisOptions): TextStructure {
    return analyseNdjson(sample, whole, options);
  },
  createParser(plan: ParsePlan): ImportParser {
    return new NdjsonParser(plan);
  },
};
