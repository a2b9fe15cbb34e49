/** The bar between editor and results: drag it, or focus it and use the arrow keys; the height is remembered. */
import { readStored, STORE_KEYS, writeStored } from './local-store';

export function initSplitter(splitter: HTMLElement, editor: HTMLElement): void {
  const apply = (px: number): void => {
    const max = Math.max(120, window.innerHeight - 220);
    const height = Math.round(Math.min(max, Math.max(80, px)));
    document.documentElement.style.setProperty('--editor-height', `${height}px`);
    writeStored(STORE_KEYS.editorHeight, String(height));
  };
  const saved = Number(readStored(STORE_KEYS.editorHeight));
  if (saved > 0) document.documentElement.style.setProperty('--editor-height', `${saved}px`);
  splitter.addEventListener('pointerdown', (e) => {
    e.preventDefault();
    splitter.setPointerCapture(e.pointerId);
    const top = editor.getBoundingClientRect().top;
    const move = (m: PointerEvent): void => apply(m.clientY - top);
    const up = (): void => {
      splitter.removeEventListener('pointermove', move);
      splitter.removeEventListener('pointerup', up);
    };
    splitter.addEventListener('pointermove', move);
    splitter.addEventListener('pointerup', up);
  });
  splitter.addEventListener('keydown', (e) => {
    const step = e.key === 'ArrowUp' ? -24 : e.key === 'ArrowDown' ? 24 : 0;
    if (step === 0) return;
    e.preventDefault();
    apply(editor.getBoundingClientRect().height + step);
  });
}
