import { DependencyContainer } from 'tsyringe';
import { CellPrinter } from '../../core/extension/cell-printer';
import { ExportFormat } from '../../core/extension/export-format';
import { Plugin } from '../../core/plugin';
import { csvCellPrinter, textCellPrinter } from './csv-cell-printer';
import { csvExportFormat } from './csv-export-format';

/** `fmt=csv` for /exp, and single cells in the `csv` and `text` forms for plugins (PluginApi `formatCell`). */
export const exportCsvPlugin: Plugin = {
  name: 'export-csv',
  dependsOn: [],
  register(container: DependencyContainer): void {
    container.register(ExportFormat, { useValue: csvExportFormat });
    container.register(CellPrinter, { useValue: csvCellPrinter });
    container.register(CellPrinter, { useValue: textCellPrinter });
  },
};
