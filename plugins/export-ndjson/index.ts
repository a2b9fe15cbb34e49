import { DependencyContainer } from 'tsyringe';
import { ExportFormat } from '../../core/extension/export-format';
import { Plugin } from '../../core/plugin';
import { ndjsonExportFormat } from './ndjson-export-format';

/** `fmt=ndjson` for /exp: one JSON object per row. */
export const exportNdjsonPlugin: Plugin = {
  name: 'export-ndjson',
  dependsOn: [],
  register(container: DependencyContainer): void {
    container.register(ExportFormat, { useValue: ndjsonExportFormat });
  },
};
