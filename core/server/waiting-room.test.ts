import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { test } from 'node:test';
import { WaitingRoom } from './waiting-room';

function socket(): Socket {
  return new EventEmitter() as unknown as Socket;
}

/** The room's timers are unreferenced (they never hold a server open): hold the test's process while `p` runs. */
async function alive<T>(p: Promise<T>): Promise<T> {
  const keep = setInterval(() => undefined, 1000);
  try { return await p; } finally { clearInterval(keep); }
}

function request(s: Socket): [IncomingMessage, ServerResponse] {
  return [{ socket: s } as unknown as IncomingMessage, {} as ServerResponse];
}

test('the room takes connections up to its capacity', () => {
  const room = new WaitingRoom(2, 50, () => false, () => undefined);
  assert.equal(room.enter(socket(), 1000, () => undefined), true);
  assert.equal(room.enter(socket(), 1000, () => undefined), true);
  assert.equal(room.enter(socket(), 1000, () => undefined), false);
  room.clear();
});

test('a request that arrives when a slot can be had is seated at once and admitted', async () => {
  const seated: Socket[] = [];
  const room = new WaitingRoom(4, 1000, () => true, (s) => { seated.push(s); });
  const s = socket();
  room.enter(s, 1000, () => undefined);
  const admitted = room.admit(s);
  room.requestArrived(...request(s));
  assert.deepEqual(seated, [s]);
  assert.equal(await admitted, true);
  assert.equal(room.size, 0);
});

test('a request that finds no slot within the wait is refused and leaves the room', async () => {
  const room = new WaitingRoom(4, 60, () => false, () => undefined);
  const s = socket();
  room.enter(s, 1000, () => undefined);
  room.requestArrived(...request(s));
  const started = performance.now();
  assert.equal(await alive(room.admit(s)), false);
  assert.ok(performance.now() - started >= 50);
  assert.equal(room.size, 0);
  room.clear();
});

test('a freed slot goes to the connection whose request has arrived before older silent ones', () => {
  const seated: Socket[] = [];
  let free = false;
  const room = new WaitingRoom(4, 1000, () => free, (s) => { seated.push(s); });
  const silent = socket();
  const asking = socket();
  room.enter(silent, 1000, () => undefined);
  room.enter(asking, 1000, () => undefined);
  room.requestArrived(...request(asking));
  free = true;
  room.slotFreed();
  assert.deepEqual(seated, [asking]);
  room.clear();
});

test('a waiting request is seated once a slot becomes available later', async () => {
  const seated: Socket[] = [];
  let free = false;
  const room = new WaitingRoom(4, 2000, () => free, (s) => { seated.push(s); });
  const s = socket();
  room.enter(s, 5000, () => undefined);
  room.requestArrived(...request(s));
  const admitted = room.admit(s);
  setTimeout(() => { free = true; }, 150);
  assert.equal(await alive(admitted), true);
  assert.deepEqual(seated, [s]);
});

test('a connection that never sends its headers is closed by its header timeout', async () => {
  const room = new WaitingRoom(4, 1000, () => false, () => undefined);
  const s = socket();
  const closed = new Promise<void>((resolve) => room.enter(s, 40, resolve));
  await alive(closed);
  room.clear();
});
