/**
 * Line-protocol bodies beyond plain text: binary values (protocol version 2) in readable form
 * (features/support/ilp-binary.ts: `==double(…)` and `==array(extents: values)` inside otherwise ordinary
 * lines), and large generated bodies POSTed to any path.
 */
import { When } from '@cucumber/cucumber';
import { encodeBinaryLines } from '../support/ilp-binary';
import { SvcWorld } from '../support/world';

function lines(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

When('I write the lines with binary values:', async function (this: SvcWorld, text: string) {
  await this.request('API', '/write', { method: 'POST', body: encodeBinaryLines(lines(text)) });
});

When('I POST {int} lines like {string} to {string}', async function (this: SvcWorld, n: number, template: string, path: string) {
  const body = Array.from({ length: n }, (_, i) => template.replace(/\{i\}/g, String(i))).join('\n') + '\n';
  await this.request('API', path, { method: 'POST', body });
});
