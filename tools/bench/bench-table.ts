/**
 * A table a workload loads: its CSV file (generated once), its /imp schema and designated timestamp, and the
 * time span its rows cover, which the workload's queries draw their windows from.
 */
import { DatasetMeta } from './bench-datasets';
import { SCHEMAS, SchemaColumn } from './bench-queries';

export interface BenchTable {
  readonly name: string;
  /** The CSV's file name in the data folder. */
  readonly file: string;
  readonly rows: number;
  readonly bytes: number;
  readonly schema: readonly SchemaColumn[];
  /** The designated timestamp's column. */
  readonly timestamp: string;
}

/** One of the shared bench's datasets (cpu, trades) as a table. */
export function datasetTable(m: DatasetMeta): BenchTable {
  return { name: m.dataset, file: m.file, rows: m.rows, bytes: m.bytes, schema: SCHEMAS[m.dataset], timestamp: 'ts' };
}
