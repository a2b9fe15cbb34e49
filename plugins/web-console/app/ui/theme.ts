/**
 * Light or dark: the system's choice until the user picks one with the toggle (kept in localStorage).
 * Announces a change with the `svc-theme` event so canvases (the chart) redraw with the new colours.
 */
import { readStored, STORE_KEYS, writeStored } from './local-store';

export type Theme = 'light' | 'dark';

export function currentTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.dispatchEvent(new Event('svc-theme'));
}

export function initTheme(toggle: HTMLButtonElement): void {
  const saved = readStored(STORE_KEYS.theme);
  if (saved === 'light' || saved === 'dark') document.documentElement.dataset.theme = saved;
  const update = (): void => toggle.setAttribute('aria-pressed', String(currentTheme() === 'dark'));
  toggle.addEventListener('click', () => {
    const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
    applyTheme(next);
    writeStored(STORE_KEYS.theme, next);
    update();
  });
  update();
}
