import { DependencyContainer } from 'tsyringe';
import { ExportFormat } from '../../core/extension/export-format';
import { Plugin } from '../../core/plugin';
import { arrowExportFormat } from './arrow-export-format';

/** `fmt=arrow` for /exp: Arrow IPC stream. */
export const exportArrowPlugin: Plugin = {
  name: 'export-arrow',
  dependsOn: [],
  register(container: DependencyContainer): void {
    container.register(ExportFormat, { useValue: arrowExportFormat });
  },
};
