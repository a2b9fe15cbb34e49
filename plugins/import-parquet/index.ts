import { DependencyContainer } from 'tsyringe';
import { ImportFormat } from '../../core/extension/import-format';
import { Lifecycle } from '../../core/extension/lifecycle';
import { Plugin } from '../../core/plugin';
import { parquetFormat } from './parquet-format';
import { ParquetWorkerPool } from './parquet-worker-pool';

/** /imp of Parquet files (`fmt=parquet`, `PAR1` magic, `.parquet` names). */
export const importParquetPlugin: Plugin = {
  name: 'import-parquet',
  dependsOn: [],
  register(container: DependencyContainer): void {
    const pool = new ParquetWorkerPool();
    container.register(ImportFormat, { useValue: parquetFormat(pool) });
    container.register(Lifecycle, { useValue: pool });
  },
};
