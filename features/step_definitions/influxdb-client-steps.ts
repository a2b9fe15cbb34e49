/**
 * InfluxDB v2's official Node.js client (@influxdata/influxdb-client) writing to svc's /api/v2/write, as
 * Telegraf's `outputs.influxdb_v2` does: it authenticates with `Authorization: Token <t>` and names an org and
 * a bucket (svc ignores both; the measurement is the table).
 */
import assert from 'node:assert/strict';
import { HttpError, InfluxDB, Point, setLogger } from '@influxdata/influxdb-client';
import { Then, When } from '@cucumber/cucumber';
import { SvcWorld } from '../support/world';

/**
 * Two points: a full one and one that leaves `note` out, with nanosecond timestamps. The client batches them
 * and sends one POST when the write API closes; it retries nothing here (`maxRetries: 0`) so a refusal
 * surfaces at once.
 */
async function writeSamplePoints(world: SvcWorld, table: string, token: string): Promise<void> {
  await world.ready();
  // The client logs a failed write on the console as well as rejecting; the rejection is what the step keeps.
  setLogger({ error: () => undefined, warn: () => undefined });
  const url = `http://${world.host('API')}:${world.port('API')}`;
  const write = new InfluxDB({ url, token, timeout: 10_000 }).getWriteApi('my-org', 'my-bucket', 'ns', { maxRetries: 0 });
  write.writePoint(new Point(table).tag('host', 'h1').floatField('usage', 12.5).intField('procs', 7).stringField('note', 'ok')
    .timestamp('1700000000123456789'));
  write.writePoint(new Point(table).tag('host', 'h2').floatField('usage', 3.25).intField('procs', 2).timestamp('1700000001000000000'));
  await write.close();
}

When('the InfluxDB v2 client writes the sample points to {string} with the token {string}, I remember the error',
  async function (this: SvcWorld, table: string, token: string) {
    this.values.delete('client error');
    try {
      await writeSamplePoints(this, table, token);
    } catch (e) {
      const status = e instanceof HttpError ? `statusCode=${e.statusCode} ` : '';
      this.values.set('client error', `${status}${e instanceof Error ? e.message : String(e)}`);
    }
  });

Then('the client reported no error', function (this: SvcWorld) {
  const error = this.values.get('client error');
  assert.equal(error, undefined, `the client reported: ${error}`);
});

/** What `curl -H 'Authorization: Token …' --data-binary @lines` sends (each line ends with `\n`). */
When('I POST to {string} with the header {string} set to {string} the lines:',
  async function (this: SvcWorld, path: string, header: string, value: string, text: string) {
    await this.request('API', path, { method: 'POST', body: text.endsWith('\n') ? text : `${text}\n`, headers: { [header]: value } });
  });
