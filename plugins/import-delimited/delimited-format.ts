/** The `delimited` ImportFormat: CSV, TSV, pipe- or semicolon-separated text. */
import { AnalysisOptions, ImportFormat, ImportParser, ParsePlan, ParserOptions, TextStructure } from '../../core/extension/import-format';
import { DelimitedParser } from './delimited-parser';
import { analyseSample } from './detect-structure';
import { ParseWorkerPool } from './parse-worker-pool';
import { WorkerParser } from './worker-parser';

/** `pool`: the parse workers large uploads lease their lanes from. */
export function delimitedFormat(pool: ParseWorkerPool): ImportFormat {
  return {
    name: 'delimited',
    fmts: ['csv', 'tsv', 'delimited'],
    analyse(sample: Uint8Array, whole: boolean, options: AnalysisOptions): TextStructure {
      return analyseSample(sample, whole, options);
    },
    createParser(plan: ParsePlan, options: ParserOptions): ImportParser {
      return options.workers > 0 ? new WorkerParser(plan, options.workers, pool) : new DelimitedParser(plan);
    },
  };
}
