/**
 * Runs SQL from the editor or the history: one request per statement (several statements of a
 * selection run in order and stop at the first error), the first page with count and timings, then
 * the result, the error underline, the history entry. Cancel aborts the request, which makes the
 * server stop the query. DDL and inserts refresh the schema panel.
 */
import { ApiClient, ServerUnreachable } from './api/api-client';
import { ExecAnswer } from './api/exec-answer';
import { execPage } from './api/exec-client';
import { EditorStatement, SqlEditor } from './editor/sql-editor';
import { QueryHistory } from './history/query-history';
import { PAGE_SIZE, ResultsView } from './results/results-view';
import { formatMillis, plural } from './ui/format';

export interface WorkbenchParts {
  readonly client: ApiClient;
  readonly editor: SqlEditor;
  readonly results: ResultsView;
  readonly history: QueryHistory;
  readonly runButton: HTMLButtonElement;
  readonly cancelButton: HTMLButtonElement;
  readonly status: HTMLElement;
  readonly onSchemaChange: () => void;
}

/** "line 2, column 7" of an offset in a text. */
export function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

export class Workbench {
  private running: AbortController | undefined;

  constructor(private readonly parts: WorkbenchParts) {
    parts.runButton.addEventListener('click', () => this.runFromEditor());
    parts.cancelButton.addEventListener('click', () => this.cancel());
  }

  runFromEditor(): void {
    const statements = this.parts.editor.statementsToRun();
    if (statements.length === 0) {
      this.setStatus('Nothing to run: the editor has no statement at the cursor.', true);
      return;
    }
    void this.run(statements, true);
  }

  runSql(sql: string): void {
    void this.run([{ sql, offset: 0 }], false);
  }

  /** Cancels the running query; false when none runs. */
  cancel(): boolean {
    if (!this.running) return false;
    this.running.abort();
    return true;
  }

  private async run(statements: readonly EditorStatement[], fromEditor: boolean): Promise<void> {
    const { client, editor, results, history } = this.parts;
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    this.setBusy(true);
    editor.clearError();
    try {
      for (const [i, statement] of statements.entries()) {
        this.setStatus(statements.length > 1 ? `Running ${i + 1} of ${statements.length}…` : 'Running…', false);
        const started = performance.now();
        let answer: ExecAnswer;
        try {
          answer = await execPage(client, statement.sql, { from: 0, to: PAGE_SIZE, first: true, signal: controller.signal });
        } catch (e) {
          const ms = performance.now() - started;
          if (controller.signal.aborted) {
            history.add({ sql: statement.sql, at: Date.now(), ms, outcome: 'cancelled' });
            if (this.running === controller) { results.showCancelled(); this.setStatus(`Cancelled after ${formatMillis(ms)}`, false); }
          } else {
            const message = e instanceof ServerUnreachable ? 'The server cannot be reached.' : e instanceof Error ? e.message : String(e);
            history.add({ sql: statement.sql, at: Date.now(), ms, outcome: 'error', message });
            results.showError(message, undefined);
            this.setStatus('Failed', true);
          }
          return;
        }
        const ms = performance.now() - started;
        if (answer.kind === 'error') {
          const where = answer.position !== undefined && fromEditor ? lineAndColumn(editor.text, statement.offset + answer.position) : undefined;
          if (answer.position !== undefined && fromEditor) editor.showError(statement.offset + answer.position, answer.message);
          history.add({ sql: statement.sql, at: Date.now(), ms, outcome: 'error', message: answer.message });
          results.showError(answer.message, where, ms);
          this.setStatus(`Error after ${formatMillis(ms)}`, true);
          return;
        }
        if (answer.kind === 'rows') {
          history.add({ sql: statement.sql, at: Date.now(), ms, outcome: 'rows', rows: answer.count });
          results.showRows(statement.sql, answer, ms);
          this.setStatus(`${plural(answer.count, 'row')} in ${formatMillis(ms)}`, false);
        } else {
          history.add({ sql: statement.sql, at: Date.now(), ms, outcome: 'ok' });
          results.showStatement(answer, ms);
          this.setStatus(`OK in ${formatMillis(ms)}`, false);
          this.parts.onSchemaChange();
        }
      }
    } finally {
      if (this.running === controller) {
        this.running = undefined;
        this.setBusy(false);
      }
    }
  }

  private setBusy(busy: boolean): void {
    this.parts.cancelButton.disabled = !busy;
    this.parts.runButton.setAttribute('aria-busy', String(busy));
  }

  private setStatus(text: string, error: boolean): void {
    this.parts.status.textContent = text;
    this.parts.status.classList.toggle('is-error', error);
  }
}
