import { DependencyContainer } from 'tsyringe';
import { ExportFormat } from '../../core/extension/export-format';
import { Plugin } from '../../core/plugin';
import { csvExportFormat } from './csv-export-format';

/** `fmt=csv` for /exp. */
export const exportCsvPlugin: Plugin = {
  name: 'export-csv',
  dependsOn: [],
  register(container: DependencyContainer): void {
    container.register(ExportFormat, { useValue: csvExportFormat });
  },
};
