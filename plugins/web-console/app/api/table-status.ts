/** GET /chk?f=json&j=<table>: whether an import would create, append to or collide with a table. */
import { ApiClient } from './api-client';

export type TableStatus = 'Exists' | 'Does not exist' | 'Reserved name';

export async function tableStatus(client: ApiClient, table: string): Promise<TableStatus> {
  const response = await client.get('chk', { f: 'json', j: table });
  if (!response.ok) throw new Error(response.status === 401 ? 'Unauthorized: sign in to import' : `/chk answered ${response.status}`);
  const body: unknown = await response.json();
  const status = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).status : undefined;
  if (status === 'Exists' || status === 'Does not exist' || status === 'Reserved name') return status;
  throw new Error(`unexpected /chk answer: ${JSON.stringify(body)}`);
}
