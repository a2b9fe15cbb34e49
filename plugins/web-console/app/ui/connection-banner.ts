/**
 * The banner under the top bar when something stands between the console and the server: the server
 * cannot be reached (it retries every few seconds and hides itself once /settings answers again), or it
 * answered 401 (a sign-in form: user and password for Basic, or a token for Bearer; used for this tab).
 */
import { ApiClient, ConnectionProblem } from '../api/api-client';
import { h, replaceChildren } from './dom';

const RETRY_MS = 3000;

/** Base64 of the UTF-8 bytes (btoa alone takes Latin-1 only). */
function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

export class ConnectionBanner {
  private problem: ConnectionProblem | undefined;
  private retry: number | undefined;

  constructor(private readonly client: ApiClient, private readonly element: HTMLElement, private readonly onSignedIn: () => void) {
    client.onConnection((p) => this.set(p));
  }

  private set(problem: ConnectionProblem | undefined): void {
    if (problem === this.problem) return;
    this.problem = problem;
    window.clearTimeout(this.retry);
    if (problem === undefined) {
      this.element.hidden = true;
      replaceChildren(this.element);
      return;
    }
    this.element.hidden = false;
    this.element.dataset.problem = problem;
    if (problem === 'unreachable') {
      replaceChildren(this.element, h('strong', {}, 'The server cannot be reached.'),
        h('span', {}, `${this.client.base.origin} does not answer; retrying every ${RETRY_MS / 1000} s.`),
        h('button', { type: 'button', class: 'button small', onclick: () => void this.probe() }, 'Retry now'));
      this.retry = window.setTimeout(() => void this.probe(), RETRY_MS);
    } else {
      this.showSignIn();
    }
  }

  private async probe(): Promise<void> {
    window.clearTimeout(this.retry);
    try {
      await this.client.get('settings');
    } catch {
      this.retry = window.setTimeout(() => void this.probe(), RETRY_MS);
    }
  }

  private showSignIn(): void {
    const user = h('input', { type: 'text', placeholder: 'user', autocomplete: 'username', 'aria-label': 'User' });
    const password = h('input', { type: 'password', placeholder: 'password', autocomplete: 'current-password', 'aria-label': 'Password' });
    const token = h('input', { type: 'password', placeholder: 'or a token', autocomplete: 'off', 'aria-label': 'Bearer token' });
    const form = h('form', { 'data-test': 'sign-in' }, user, password, token, h('button', { type: 'submit', class: 'button small primary' }, 'Sign in'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const authorization = token.value.trim() !== ''
        ? `Bearer ${token.value.trim()}`
        : `Basic ${base64(`${user.value}:${password.value}`)}`;
      this.client.signIn(authorization);
      this.set(undefined);
      this.onSignedIn();
    });
    replaceChildren(this.element, h('strong', {}, 'The server answered 401 Unauthorized.'), h('span', {}, 'Sign in to run queries:'), form);
    user.focus();
  }
}
