/**
 * The TSBS cpu rows as InfluxDB line protocol over one TCP connection, generated as they are sent (no file:
 * 300M rows would be ~60 GB of text): `cpu,<ten tags> <ten fields> <ns timestamp>`, the lines TSBS's loader
 * sends QuestDB. The simulator (tsbs-cpu.ts) carries on from tick to tick, so successive calls append later
 * rows of the same hosts. Resolves once every byte is written; visibility is the caller's check (count()).
 */
import { connect } from 'node:net';
import { fixed } from './bench-text';
import { TSBS_FIELDS, TSBS_START_MS, TSBS_TAGS, TSBS_TICK_MS, TsbsCpu } from './tsbs-cpu';

/** ~1 MiB of lines per socket write. */
const WRITE_BYTES = 1 << 20;

export class TsbsLineSender {
  private readonly prefixes: string[];
  /** The next tick to send (0: the simulator's first values). */
  tick = 0;

  constructor(readonly sim: TsbsCpu) {
    this.prefixes = sim.tags.map((t) => `cpu,${TSBS_TAGS.map((name, k) => `${name}=${t[k]}`).join(',')} `);
  }

  /** Sends `ticks` more ticks (hosts rows each) to `port`; resolves with the rows sent. */
  async send(port: number, ticks: number): Promise<number> {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => { socket.once('connect', resolve); socket.once('error', reject); });
    let failed: Error | undefined;
    socket.on('error', (e) => { failed = e; socket.emit('drain'); });
    const write = async (text: string): Promise<void> => {
      if (!socket.write(text, 'latin1')) await new Promise((resolve) => socket.once('drain', resolve));
      if (failed) throw failed;
    };
    let rows = 0;
    try {
      const v = this.sim.values, hosts = this.sim.hosts;
      let text = '';
      for (let k = 0; k < ticks; k++, this.tick++) {
        if (this.tick > 0) this.sim.tick();
        const ns = `${TSBS_START_MS + this.tick * TSBS_TICK_MS}000000`;
        for (let h = 0; h < hosts; h++) {
          let line = this.prefixes[h];
          for (let f = 0; f < TSBS_FIELDS.length; f++) line += `${f ? ',' : ''}${TSBS_FIELDS[f]}=${fixed(v[h * 10 + f], 2, 100)}`;
          text += `${line} ${ns}\n`;
          rows++;
        }
        if (text.length >= WRITE_BYTES) { await write(text); text = ''; }
      }
      if (text.length > 0) await write(text);
    } finally {
      await new Promise<void>((resolve) => socket.end(resolve));
    }
    return rows;
  }
}
