/** The `delimited` ImportFormat: CSV, TSV, pipe- or semicolon-separated text. */
import { AnalysisOptions, ImportFormat, ImportParser, ParsePlan, ParserOptions, TextStructure } from '../../core/extension/import-format';
import { DelimitedParser } from './delimited-parser';
import { analyseSample } from './detect-structure';
import { WorkerParser } from './worker-parser';

export const delimitedFormat: ImportFormat = {
  name: 'delimited',
  fmts: ['csv', 'tsv', 'delimited'],
  analyse(sample: Uint8Array, whole: boolean, options: AnalysisOptions): TextStructure {
    return analyseSample(sample, whole, options);
  },
  createParser(plan: ParsePlan, options: ParserOptions): ImportParser {
    return options.workers > 0 ? new WorkerParser(plan, options.workers) : new DelimitedParser(plan);
  },
};
