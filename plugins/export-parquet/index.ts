import { DependencyContainer } from 'tsyringe';
import { ExportFormat } from '../../core/extension/export-format';
import { Plugin } from '../../core/plugin';
import { parquetExportFormat } from './parquet-export-format';

/** `fmt=parquet` for /exp. */
export const exportParquetPlugin: Plugin = {
  name: 'export-parquet',
  dependsOn: [],
  register(container: DependencyContainer): void {
    container.register(ExportFormat, { useValue: parquetExportFormat });
  },
};
