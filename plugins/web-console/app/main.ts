/**
 * The console's entry point: builds the parts on the page the server sent (index.html) and wires them
 * together. Everything it shows comes from the public HTTP API: /exec, /imp, /exp, /chk and /settings.
 */
import './styles/app.css';
import { ApiClient } from './api/api-client';
import { fetchSettings } from './api/server-settings';
import { SqlEditor } from './editor/sql-editor';
import { HistoryPanel } from './history/history-panel';
import { QueryHistory } from './history/query-history';
import { ImportPanel } from './import/import-panel';
import { ResultsView } from './results/results-view';
import { SchemaPanel } from './schema/schema-panel';
import { ConnectionBanner } from './ui/connection-banner';
import { byId } from './ui/dom';
import { installShortcuts } from './ui/shortcuts';
import { SidebarTabs } from './ui/sidebar-tabs';
import { initSplitter } from './ui/splitter';
import { initTheme } from './ui/theme';
import { Workbench } from './workbench';

function start(): void {
  const themeToggle = byId<HTMLButtonElement>('theme-toggle');
  initTheme(themeToggle);
  const client = ApiClient.fromPage();
  const history = new QueryHistory();
  let workbench: Workbench | undefined;
  const editor = new SqlEditor(byId('editor'), {
    onRun: () => workbench?.runFromEditor(),
    onCancel: () => workbench?.cancel() ?? false,
  });
  const results = new ResultsView(client, {
    body: byId('results-body'), rowCount: byId('row-count'), timing: byId('timing'),
    chartToggle: byId<HTMLButtonElement>('chart-toggle'), exportCsv: byId<HTMLButtonElement>('export-csv'),
    exportParquet: byId<HTMLButtonElement>('export-parquet'),
  });
  const schema = new SchemaPanel(client, byId('panel-schema'), {
    onInsert: (text) => editor.insert(text),
    onSchema: (map) => editor.setSchema(map),
  });
  workbench = new Workbench({
    client, editor, results, history,
    runButton: byId<HTMLButtonElement>('run'), cancelButton: byId<HTMLButtonElement>('cancel'), status: byId('run-status'),
    onSchemaChange: () => void schema.refresh(),
  });
  const wb = workbench;
  const tabs = new SidebarTabs();
  new HistoryPanel(history, byId('panel-history'), { onRerun: (sql) => wb.runSql(sql), onInsert: (sql) => editor.appendStatement(sql) });
  const importer = new ImportPanel(client, byId('panel-import'), {
    onImported: () => void schema.refresh(),
    onQuery: (sql) => { editor.appendStatement(sql); wb.runFromEditor(); },
  });
  new ConnectionBanner(client, byId('banner'), () => void schema.refresh());
  initSplitter(byId('splitter'), byId('editor'));
  installShortcuts({
    focusEditor: () => editor.focus(), focusResults: () => results.focusGrid(),
    openSchema: () => tabs.open('schema'), openHistory: () => tabs.open('history'), openImport: () => tabs.open('import'),
    toggleChart: () => void results.toggleChart(), toggleTheme: () => themeToggle.click(), cancel: () => wb.cancel(),
  });
  // A file dropped anywhere on the page is imported.
  document.addEventListener('dragover', (e) => { if (e.dataTransfer?.types.includes('Files')) e.preventDefault(); });
  document.addEventListener('drop', (e) => {
    const file = e.dataTransfer?.files[0];
    if (!file) return;
    e.preventDefault();
    tabs.select('import');
    void importer.importFile(file);
  });
  if (/Mac|iPhone|iPad/.test(navigator.platform)) byId('run-shortcut').textContent = '⌘ ↵';
  void fetchSettings(client).then((s) => {
    byId('server-version').textContent = s.version ? `svc ${s.version}` : '';
    byId('instance').textContent = s.instanceName ?? '';
  }, () => undefined);
  void schema.refresh();
  editor.focus();
}

start();
