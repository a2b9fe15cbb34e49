import { DependencyContainer } from 'tsyringe';
import { ImportFormat } from '../../core/extension/import-format';
import { Plugin } from '../../core/plugin';
import { parquetFormat } from './parquet-format';

/** /imp of Parquet files (`fmt=parquet`, `PAR1` magic, `.parquet` names). */
export const importParquetPlugin: Plugin = {
  name: 'import-parquet',
  dependsOn: [],
  register(container: DependencyContainer): void {
    container.register(ImportFormat, { useValue: parquetFormat });
  },
};
