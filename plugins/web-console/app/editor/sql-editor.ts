/**
 * The SQL editor (CodeMirror 6 with @codemirror/lang-sql in QuestDB's dialect): highlighting, completion of
 * keywords, functions, tables and columns, Ctrl/Cmd+Enter to run, Esc to cancel, the error underline, and
 * the buffer kept in localStorage.
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { sql } from '@codemirror/lang-sql';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorSelection, EditorState, Prec } from '@codemirror/state';
import {
  drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers, placeholder,
} from '@codemirror/view';
import { BufferStore } from './buffer-store';
import { editorTheme } from './editor-theme';
import { errorMarker, showError } from './error-marker';
import { questdbDialect } from './questdb-dialect';
import { SchemaMap, schemaCompletionSource } from './schema-completion';
import { splitStatements, statementAt } from './statement-splitter';

/** A statement to run and where it starts in the buffer (to place the server's error position). */
export interface EditorStatement {
  readonly sql: string;
  readonly offset: number;
}

export interface SqlEditorEvents {
  /** Ctrl/Cmd+Enter. */
  readonly onRun: () => void;
  /** Esc; returns false when nothing was running (Esc then keeps its usual meaning). */
  readonly onCancel: () => boolean;
}

export class SqlEditor {
  readonly view: EditorView;
  private schema: SchemaMap = new Map();
  private readonly store = new BufferStore();

  constructor(parent: HTMLElement, events: SqlEditorEvents) {
    const runKeys = Prec.highest(keymap.of([
      { key: 'Mod-Enter', run: () => { events.onRun(); return true; }, preventDefault: true },
      { key: 'Escape', run: () => events.onCancel() },
    ]));
    this.view = new EditorView({
      parent,
      state: EditorState.create({
        doc: this.store.load(),
        extensions: [
          runKeys,
          lineNumbers(), highlightActiveLineGutter(), history(), drawSelection(), indentOnInput(), bracketMatching(),
          closeBrackets(), highlightActiveLine(), highlightSelectionMatches(),
          autocompletion({ icons: true, activateOnTyping: true }),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...completionKeymap]),
          sql({ dialect: questdbDialect, keywordCompletion: (label, type) => ({ label, type: type === 'variable' ? 'function' : type }) }),
          questdbDialect.language.data.of({ autocomplete: schemaCompletionSource(() => this.schema) }),
          errorMarker, editorTheme, placeholder('select * from my_table'),
          EditorView.contentAttributes.of({ 'aria-label': 'SQL editor', 'data-test': 'editor-input' }),
          EditorView.updateListener.of((u) => { if (u.docChanged) this.store.saveSoon(u.state.doc.toString()); }),
        ],
      }),
    });
    window.addEventListener('beforeunload', () => this.store.saveNow(this.text));
  }

  get text(): string {
    return this.view.state.doc.toString();
  }

  /** The selection's statements when text is selected, else the statement under the cursor. */
  statementsToRun(): EditorStatement[] {
    const { main } = this.view.state.selection;
    const text = this.text;
    if (!main.empty) {
      const selected = text.slice(main.from, main.to);
      return splitStatements(selected).map((s) => ({ sql: s.text, offset: main.from + s.from }));
    }
    const s = statementAt(text, main.head);
    return s ? [{ sql: s.text, offset: s.from }] : [];
  }

  showError(at: number, message: string): void {
    this.view.dispatch({ effects: showError.of({ at, message }) });
  }

  clearError(): void {
    this.view.dispatch({ effects: showError.of(null) });
  }

  /** Replaces the selection with `text` and focuses the editor. */
  insert(text: string): void {
    const { from, to } = this.view.state.selection.main;
    this.view.dispatch({ changes: { from, to, insert: text }, selection: EditorSelection.cursor(from + text.length), scrollIntoView: true });
    this.focus();
  }

  /** Adds a statement on a line of its own at the end and puts the cursor in it. */
  appendStatement(statement: string): void {
    const text = this.text;
    const prefix = text === '' || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
    const insert = `${prefix}${statement.replace(/;?\s*$/, ';')}\n`;
    const from = text.length;
    this.view.dispatch({ changes: { from, insert }, selection: EditorSelection.cursor(from + prefix.length), scrollIntoView: true });
    this.focus();
  }

  setSchema(schema: SchemaMap): void {
    this.schema = schema;
  }

  focus(): void {
    this.view.focus();
  }
}
