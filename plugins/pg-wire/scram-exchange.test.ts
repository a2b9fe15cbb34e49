import assert from 'node:assert/strict';
import { createHash, createHmac, pbkdf2Sync } from 'node:crypto';
import test from 'node:test';
import { ScramExchange } from './scram-exchange';

/** The client side of RFC 5802, written out here so the server is checked against the RFC, not itself. */
function clientFinal(password: string, clientFirstBare: string, serverFirst: string): { message: string; serverSignature: string } {
  const attrs = new Map(serverFirst.split(',').map((p) => [p[0], p.slice(2)]));
  const salted = pbkdf2Sync(password, Buffer.from(attrs.get('s') ?? '', 'base64'), Number(attrs.get('i')), 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const withoutProof = `c=biws,r=${attrs.get('r') ?? ''}`;
  const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
  const signature = createHmac('sha256', storedKey).update(authMessage).digest();
  const proof = Buffer.from(clientKey.map((b, i) => b ^ signature[i]));
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return { message: `${withoutProof},p=${proof.toString('base64')}`, serverSignature: createHmac('sha256', serverKey).update(authMessage).digest('base64') };
}

test('the right password completes the exchange and the server proves it knows it', async () => {
  const server = new ScramExchange('quest');
  const bare = 'n=,r=abcdefghijklmnop';
  const first = server.first(`n,,${bare}`) ?? '';
  assert.ok(first.startsWith('r=abcdefghijklmnop'));
  const c = clientFinal('quest', bare, first);
  assert.equal(await server.final(c.message), `v=${c.serverSignature}`);
});

test('a wrong password or a changed nonce fails', async () => {
  const server = new ScramExchange('quest');
  const bare = 'n=,r=nonce1';
  const first = server.first(`n,,${bare}`) as string;
  assert.equal(await server.final(clientFinal('wrong', bare, first).message), undefined);
  const other = new ScramExchange('quest');
  const f2 = other.first(`n,,${bare}`) as string;
  assert.equal(await other.final(clientFinal('quest', bare, f2).message.replace(/r=[^,]+/, 'r=nonce1other')), undefined);
});
