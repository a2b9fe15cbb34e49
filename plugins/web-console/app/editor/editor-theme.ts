/** The editor's look from the page's CSS variables, so light and dark switch without rebuilding it. */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13.5px', color: 'var(--text)', backgroundColor: 'var(--surface)' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.55' },
  '.cm-content': { caretColor: 'var(--accent)', padding: '8px 0' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--accent)', borderLeftWidth: '2px' },
  '&.cm-focused': { outline: 'none' },
  '.cm-gutters': { backgroundColor: 'var(--surface)', color: 'var(--text-faint)', border: 'none', borderRight: '1px solid var(--border)' },
  '.cm-lineNumbers .cm-gutterElement': { padding: '0 10px 0 14px', minWidth: '44px' },
  '.cm-activeLine': { backgroundColor: 'var(--row-alt)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--row-alt)', color: 'var(--text-muted)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--cell-active) !important' },
  '.cm-matchingBracket': { backgroundColor: 'var(--accent-soft)', outline: '1px solid var(--accent)' },
  '.cm-selectionMatch': { backgroundColor: 'var(--accent-soft)' },
  '.cm-placeholder': { color: 'var(--text-faint)' },
  '.cm-error-underline': {
    textDecoration: 'underline wavy var(--error)', textDecorationSkipInk: 'none', textUnderlineOffset: '3px',
    backgroundColor: 'var(--error-soft)', borderRadius: '2px',
  },
  '.cm-error-message': {
    marginLeft: '14px', padding: '1px 8px', borderRadius: '4px', fontFamily: 'var(--font-ui)', fontSize: '12px',
    color: 'var(--error)', backgroundColor: 'var(--error-soft)', border: '1px solid var(--error)',
  },
  '.cm-tooltip': { backgroundColor: 'var(--surface)', border: '1px solid var(--border-strong)', borderRadius: '6px', boxShadow: 'var(--shadow)' },
  '.cm-tooltip-autocomplete > ul': { fontFamily: 'var(--font-mono)', fontSize: '12.5px', maxHeight: '16em' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--accent)', color: 'var(--accent-text)' },
  '.cm-completionDetail': { color: 'var(--text-faint)', fontStyle: 'normal', marginLeft: '1em' },
  '.cm-panels': { backgroundColor: 'var(--surface-2)', color: 'var(--text)' },
  '.cm-panels input, .cm-panels button': { fontSize: '12px' },
  '.cm-searchMatch': { backgroundColor: 'var(--accent-soft)', outline: '1px solid var(--accent)' },
});

const highlight = HighlightStyle.define([
  { tag: t.keyword, color: 'var(--syn-keyword)', fontWeight: '600' },
  { tag: [t.typeName, t.bool, t.null], color: 'var(--syn-type)' },
  { tag: [t.standard(t.name), t.function(t.variableName)], color: 'var(--syn-function)' },
  { tag: [t.string, t.special(t.string)], color: 'var(--syn-string)' },
  { tag: t.number, color: 'var(--syn-number)' },
  { tag: [t.lineComment, t.blockComment, t.comment], color: 'var(--syn-comment)', fontStyle: 'italic' },
  { tag: [t.operator, t.punctuation, t.paren, t.bracket], color: 'var(--syn-operator)' },
  { tag: [t.name, t.special(t.name)], color: 'var(--syn-identifier)' },
]);

export const editorTheme: Extension = [theme, syntaxHighlighting(highlight)];
