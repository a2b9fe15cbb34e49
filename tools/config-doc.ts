/**
 * Prints the server.conf key table of docs/configuration.md from core/config/server-keys.ts:
 * `node dist/tools/config-doc.js > /tmp/keys.md`. A unit test checks that the document lists every key.
 */
import { envName } from '../core/config/env-overrides';
import { SERVER_KEYS } from '../core/config/server-keys';

export function configKeyTable(): string {
  const rows = SERVER_KEYS.map((k) => {
    const aliases = k.aliases.length > 0 ? ` (alias ${k.aliases.map((a) => `\`${a}\``).join(', ')})` : '';
    const def = k.defaultText === undefined || k.defaultText === '' ? '(none)' : `\`${k.defaultText}\``;
    return `| \`${k.name}\`${aliases} | \`${envName(k.name)}\` | ${def} | ${k.expected} |`;
  });
  return ['| Key | Environment variable | Default | Value |', '|---|---|---|---|', ...rows].join('\n');
}

if (require.main === module) process.stdout.write(configKeyTable() + '\n');
