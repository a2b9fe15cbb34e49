/**
 * Requests QuestDB's own web console (2.0.3) sends, replayed as it sends them, and its answers read as it reads
 * them: `/api/v1/sql/validate`, which it calls as you type (error marks) and before it runs a shared link
 * `/?query=…&executeQuery=true` (a write asks for confirmation; an answer it cannot read stops at "Could not
 * classify the shared SQL").
 */
import { Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { SvcWorld } from '../support/world';

/** The console's normalizeQueryText: trimmed, one trailing `;` removed, trimmed again. */
function normalizeQueryText(query: string): string {
  let result = query.trim();
  if (result.endsWith(';')) result = result.slice(0, -1);
  return result.trim();
}

/** `api/v1/sql/validate?query=…` relative to the console's page, the query encoded with encodeURIComponent. */
async function validate(world: SvcWorld, consolePath: string, sql: string, headers: Record<string, string> = {}): Promise<void> {
  const base = consolePath.endsWith('/') ? consolePath : `${consolePath}/`;
  await world.request('API', `${base}api/v1/sql/validate?query=${encodeURIComponent(normalizeQueryText(sql))}`, { headers });
}

When('QuestDB\'s console validates {string}', async function (this: SvcWorld, sql: string) {
  await validate(this, '/', sql);
});

When('QuestDB\'s console at {string} validates {string}', async function (this: SvcWorld, consolePath: string, sql: string) {
  await validate(this, consolePath, sql);
});

When('QuestDB\'s console validates {string} with the header {string} set to {string}',
  async function (this: SvcWorld, sql: string, name: string, value: string) {
    await validate(this, '/', sql, { [name]: value });
  });

/**
 * What the console makes of the last validate answer (Client.validateQuery, then the editor and the shared-link
 * check): `an error at <position>: <message>` (a mark in the editor), `a read` (it has `columns`), `a write:
 * <queryType>` (a shared link asks first), `not a write` (neither), or `unclassified` (any other status, or a body
 * that is not JSON: "Could not classify the shared SQL").
 */
function classify(world: SvcWorld): string {
  const response = world.response;
  assert.ok(response, 'no request was sent');
  const readable = (response.status >= 200 && response.status < 300) || response.status === 400 || response.status === 403;
  if (!readable) return 'unclassified';
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body.toString('utf8'));
  } catch {
    return 'unclassified';
  }
  if (typeof parsed !== 'object' || parsed === null) return 'unclassified';
  const r = parsed as Record<string, unknown>;
  if ('error' in r) return `an error at ${String(r.position)}: ${String(r.error)}`;
  if ('columns' in r) return 'a read';
  return r.queryType !== undefined ? `a write: ${String(r.queryType)}` : 'not a write';
}

Then('the console reads it as {string}', function (this: SvcWorld, expected: string) {
  assert.equal(classify(this), expected, this.response?.body.toString('utf8'));
});
