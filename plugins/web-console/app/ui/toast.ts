/** A short message at the bottom of the page ("Copied"), announced to screen readers. */
let element: HTMLElement | undefined;
let timer: number | undefined;

export function toast(text: string): void {
  if (!element) {
    element = document.createElement('div');
    element.className = 'toast';
    element.setAttribute('role', 'status');
    element.dataset.test = 'toast';
    document.body.append(element);
  }
  element.textContent = text;
  element.classList.add('is-visible');
  window.clearTimeout(timer);
  timer = window.setTimeout(() => element?.classList.remove('is-visible'), 1600);
}
