/**
 * SCRAM-SHA-256 (RFC 5802 / RFC 7677, PostgreSQL's SASL authentication) for one login: the client's
 * first message gives its nonce, the server answers with its nonce, a random salt and 4096 iterations,
 * the client proves it knows the password, and the server proves it knows it too (`v=`). Channel
 * binding is not offered (`n,,`/`y,,` accepted, `p=` refused).
 */
import { createHash, createHmac, pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const derive = promisify(pbkdf2);

export const SCRAM_MECHANISM = 'SCRAM-SHA-256';
const ITERATIONS = 4096;

const hmac = (key: Buffer, text: string): Buffer => createHmac('sha256', key).update(text, 'utf8').digest();
const sha256 = (b: Buffer): Buffer => createHash('sha256').update(b).digest();

function attributes(message: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of message.split(',')) {
    const eq = part.indexOf('=');
    if (eq === 1) out.set(part[0], part.slice(2));
  }
  return out;
}

export class ScramExchange {
  private clientFirstBare = '';
  private serverFirst = '';
  private nonce = '';
  private readonly salt = randomBytes(16);

  constructor(private readonly password: string | undefined) {}

  /** The server-first message for the client-first one; undefined when the message is not SCRAM. */
  first(clientFirst: string): string | undefined {
    if (!/^[ny],[^,]*,/.test(clientFirst)) return undefined;
    const comma = clientFirst.indexOf(',', clientFirst.indexOf(',') + 1);
    this.clientFirstBare = clientFirst.slice(comma + 1);
    const clientNonce = attributes(this.clientFirstBare).get('r');
    if (!clientNonce) return undefined;
    this.nonce = clientNonce + randomBytes(18).toString('base64');
    this.serverFirst = `r=${this.nonce},s=${this.salt.toString('base64')},i=${ITERATIONS}`;
    return this.serverFirst;
  }

  /** The server-final message (`v=…`) when the proof is right, undefined otherwise. */
  async final(clientFinal: string): Promise<string | undefined> {
    const attrs = attributes(clientFinal);
    const proof = attrs.get('p');
    if (!proof || attrs.get('r') !== this.nonce || this.password === undefined) return undefined;
    const withoutProof = clientFinal.slice(0, clientFinal.lastIndexOf(',p='));
    const authMessage = `${this.clientFirstBare},${this.serverFirst},${withoutProof}`;
    // Off the event loop: 4096 rounds take a few milliseconds.
    const salted = await derive(this.password.normalize('NFKC'), this.salt, ITERATIONS, 32, 'sha256');
    const clientKey = hmac(salted, 'Client Key');
    const storedKey = sha256(clientKey);
    const signature = hmac(storedKey, authMessage);
    const given = Buffer.from(proof, 'base64');
    if (given.length !== 32) return undefined;
    const recovered = Buffer.alloc(32);
    for (let i = 0; i < 32; i++) recovered[i] = given[i] ^ signature[i];
    if (!timingSafeEqual(sha256(recovered), storedKey)) return undefined;
    return `v=${hmac(hmac(salted, 'Server Key'), authMessage).toString('base64')}`;
  }
}
