/**
 * Line protocol with binary values (protocol version 2) in readable form (features/support/ilp-binary.ts):
 * `==double(…)` and `==array(extents: values)` inside otherwise ordinary lines, POSTed to /write or sent over TCP.
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
