/**
 * Shows a failed query's error in the editor: a red wavy underline at the server's position and the
 * message beside it at the end of the line. Any edit clears it.
 */
import { EditorState, RangeSetBuilder, StateEffect, StateField } from '@codemirror/state';
import { Decoration, DecorationSet, EditorView, WidgetType } from '@codemirror/view';
import { errorSpan } from './error-span';

export interface EditorError {
  /** Buffer offset the server's position points at. */
  readonly at: number;
  readonly message: string;
}

export const showError = StateEffect.define<EditorError | null>();

class ErrorMessage extends WidgetType {
  constructor(private readonly message: string) {
    super();
  }

  override eq(other: ErrorMessage): boolean {
    return other.message === this.message;
  }

  toDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'cm-error-message';
    span.dataset.test = 'error-message';
    span.textContent = this.message.length > 200 ? `${this.message.slice(0, 200)}…` : this.message;
    span.title = this.message;
    return span;
  }
}

function decorations(state: EditorState, error: EditorError): DecorationSet {
  const text = state.doc.toString();
  const { from, to } = errorSpan(text, error.at);
  const builder = new RangeSetBuilder<Decoration>();
  if (to > from) {
    builder.add(from, to, Decoration.mark({ class: 'cm-error-underline', attributes: { 'data-test': 'error-underline', title: error.message } }));
  }
  const lineEnd = state.doc.lineAt(Math.max(from, Math.min(to, text.length))).to;
  builder.add(lineEnd, lineEnd, Decoration.widget({ widget: new ErrorMessage(error.message), side: 1 }));
  return builder.finish();
}

export const errorMarker = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, tr) {
    for (const e of tr.effects) {
      if (e.is(showError)) return e.value === null ? Decoration.none : decorations(tr.state, e.value);
    }
    return tr.docChanged ? Decoration.none : value;
  },
  provide: (field) => EditorView.decorations.from(field),
});
