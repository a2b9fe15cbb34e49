/** The summary of an import: rows imported and rejected, the table's partitioning, its columns and types. */
import { ImportSummary } from '../api/import-upload';
import { h } from '../ui/dom';
import { formatCount, plural } from '../ui/format';

export function importResultView(summary: ImportSummary, table: string, onQuery: () => void): HTMLElement {
  if (!summary.ok) {
    return h('div', { class: 'import-result', 'data-test': 'import-result', role: 'status' },
      h('div', { class: 'import-result-head' }, h('span', { class: 'status-error' }, 'Import failed'), h('span', {}, summary.status)));
  }
  const location = summary.location ?? table;
  const head = h('div', { class: 'import-result-head' },
    h('span', { class: 'status-ok' }, `Imported ${plural(summary.rowsImported ?? 0, 'row')} into ${location}`),
    h('span', {}, `${plural(summary.rowsRejected ?? 0, 'row')} rejected · partition by ${summary.partitionBy ?? 'NONE'}`
      + `${summary.timestamp ? ` · timestamp ${summary.timestamp}` : ''}`),
    ...summary.warnings.map((w) => h('span', { class: 'panel-note' }, w)));
  const table_ = h('table', {},
    h('thead', {}, h('tr', {}, h('th', {}, 'Column'), h('th', {}, 'Type'), h('th', { class: 'num' }, 'Errors'))),
    h('tbody', {}, ...summary.columns.map((c) => h('tr', {}, h('td', {}, c.name), h('td', { class: 'type' }, c.type), h('td', { class: 'num' }, formatCount(c.errors))))));
  const query = h('button', { type: 'button', class: 'button small', onclick: onQuery }, `Query ${location}`);
  return h('div', { class: 'import-result', 'data-test': 'import-result', role: 'status' }, head, table_, h('div', { class: 'actions' }, query));
}
