import { DependencyContainer } from 'tsyringe';
import { CellPrinter } from '../../core/extension/cell-printer';
import { HttpRoute } from '../../core/extension/http-route';
import { Plugin } from '../../core/plugin';
import { ExecRoute } from './exec-route';
import { jsonCellPrinter } from './json-cell-printer';

/**
 * GET /exec: the JSON query endpoint. Uses the QueryEngine the SQL engine plugin registers.
 * Also prints single cells in the `json` form for plugins (PluginApi `formatCell`).
 */
export const httpExecPlugin: Plugin = {
  name: 'http-exec',
  dependsOn: [],
  register(container: DependencyContainer): void {
    container.register(HttpRoute, { useClass: ExecRoute });
    container.register(CellPrinter, { useValue: jsonCellPrinter });
  },
};
