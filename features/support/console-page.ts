/**
 * The console page in the features: opening it in the scenario's browser session, waiting for runs,
 * typing into the editor. Shared by the web console step files.
 */
import assert from 'node:assert/strict';
import { Page } from 'playwright-core';
import { openSession, sessionOf } from './browser-session';
import { SvcWorld } from './world';

export function page(world: SvcWorld): Page {
  return sessionOf(world).page;
}

async function consoleUrl(world: SvcWorld, path = '/'): Promise<string> {
  await world.ready();
  const host = world.host('API');
  return `http://${host.includes(':') ? `[${host}]` : host}:${world.port('API')}${path}`;
}

/** Polls `check` until it passes (returns without throwing) or `timeoutMs` pass; then its last error is thrown. */
export async function eventually(check: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** Waits until the console has loaded its schema panel (its first round of API calls) or failed to. */
export async function whenReady(p: Page): Promise<void> {
  await p.waitForSelector('[data-test=editor] .cm-content');
  await p.waitForSelector('[data-test=schema][data-state=ready], [data-test=schema][data-state=failed]', { state: 'attached' });
}

export async function open(world: SvcWorld, options: Parameters<typeof openSession>[1] = {}): Promise<void> {
  const url = await consoleUrl(world);
  const session = await openSession(world, options);
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  const response = await session.page.goto(url);
  assert.equal(response?.status(), 200, `GET / answered ${response?.status()}`);
  await whenReady(session.page);
}

/** Waits for the run started by the last key press or click to finish. */
export async function runFinished(p: Page): Promise<void> {
  await p.waitForSelector('#run[aria-busy="false"]', { timeout: 30_000 });
}

export async function typeQuery(p: Page, sql: string): Promise<void> {
  await p.click('[data-test=editor] .cm-content');
  await p.keyboard.press('Control+A');
  await p.keyboard.insertText(sql);
}
