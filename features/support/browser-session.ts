/**
 * Debian's Chromium driven by playwright-core for the web console features. The browser is launched
 * once per test run (on first use) and closed at the end; each scenario gets its own context (its own
 * storage, credentials and downloads). Every console message of type error and every uncaught page error
 * is recorded and fails the scenario (checked after each step), except the browser's own "Failed to load
 * resource" line for an API answer of 400 or 401 — the API's designed answer to a bad query or to missing
 * credentials, which the console shows to the user itself.
 */
import { AfterAll, After, AfterStep } from '@cucumber/cucumber';
import { Browser, BrowserContext, BrowserContextOptions, chromium, Page, Request } from 'playwright-core';
import { SvcWorld } from './world';

export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const API_PATHS = /^\/(exec|exp|imp|chk|settings)$/;

let browser: Promise<Browser> | undefined;

function sharedBrowser(): Promise<Browser> {
  browser ??= chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return browser;
}

export class BrowserSession {
  readonly errors: string[] = [];
  /** Every request the page made, in order. */
  readonly requests: URL[] = [];
  private readonly allowed: RegExp[] = [];

  private constructor(readonly context: BrowserContext, readonly page: Page) {
    page.on('pageerror', (e) => this.errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      const status = /^Failed to load resource: the server responded with a status of (\d+)/.exec(m.text())?.[1];
      const url = m.location().url;
      if ((status === '400' || status === '401') && url !== '' && API_PATHS.test(new URL(url).pathname)) return;
      if (this.allowed.some((a) => a.test(m.text()))) return;
      this.errors.push(`console.error: ${m.text()} ${url}`);
    });
    page.on('request', (r: Request) => this.requests.push(new URL(r.url())));
  }

  static async open(options: BrowserContextOptions): Promise<BrowserSession> {
    const context = await (await sharedBrowser()).newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true, ...options });
    context.setDefaultTimeout(15_000);
    return new BrowserSession(context, await context.newPage());
  }

  /** Console errors matching `pattern` are expected in this scenario (a stopped server's refused connections). */
  allow(pattern: RegExp): void {
    this.allowed.push(pattern);
  }

  /** The API requests to `path` the page made (`/exec`, …). */
  apiRequests(path: string): URL[] {
    return this.requests.filter((u) => u.pathname === path);
  }
}

const sessions = new WeakMap<SvcWorld, BrowserSession>();

export function sessionOf(world: SvcWorld): BrowserSession {
  const s = sessions.get(world);
  if (!s) throw new Error('the console is not open in a browser');
  return s;
}

export async function openSession(world: SvcWorld, options: BrowserContextOptions = {}): Promise<BrowserSession> {
  await sessions.get(world)?.context.close();
  const session = await BrowserSession.open(options);
  sessions.set(world, session);
  return session;
}

AfterStep(function (this: SvcWorld) {
  const s = sessions.get(this);
  if (s && s.errors.length > 0) throw new Error(`the browser reported errors:\n${s.errors.splice(0).join('\n')}`);
});

After(async function (this: SvcWorld) {
  await sessions.get(this)?.context.close();
  sessions.delete(this);
});

AfterAll(async () => {
  if (browser) await (await browser).close();
});
