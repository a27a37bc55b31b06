import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { openEventStream } from './server-sent-events.js';

/**
 * The event stream's end: it closes when the client goes, and is closed from
 * the start when the client went while the stream was being set up (its
 * 'close' event already past), so nothing keeps running for nobody.
 */
function connection(options: { destroyed: boolean }) {
  const written: string[] = [];
  const raw = Object.assign(new EventEmitter(), {
    destroyed: options.destroyed,
    socket: { destroyed: options.destroyed },
    writeHead: () => undefined,
    write: (chunk: string) => written.push(chunk),
    end: () => undefined,
  });
  const request = { raw: new EventEmitter(), headers: {} } as unknown as FastifyRequest;
  const reply = { getHeaders: () => ({}), hijack: () => undefined, raw } as unknown as FastifyReply;
  return { request, reply, raw, written };
}

describe('openEventStream', () => {
  it('stays open for a client that is there, and closes (telling its listeners) when the client goes', () => {
    const { request, reply, raw, written } = connection({ destroyed: false });
    const sink = openEventStream(request, reply);
    let told = 0;
    sink.onClose(() => told++);
    expect(sink.closed).toBe(false);
    sink.send({ id: '1', event: 'roll', data: '{}' });
    expect(written).toEqual(['retry: 3000\n\n', 'id: 1\nevent: roll\ndata: {}\n\n']);
    raw.emit('close');
    expect([sink.closed, told]).toEqual([true, 1]);
  });

  it('is closed from the start when the client left before it opened, and a listener added then runs at once', () => {
    const { request, reply, written } = connection({ destroyed: true });
    const sink = openEventStream(request, reply);
    let told = 0;
    sink.onClose(() => told++);
    sink.send({ id: '1', event: 'roll', data: '{}' });
    expect([sink.closed, told]).toEqual([true, 1]);
    expect(written).toEqual(['retry: 3000\n\n']);
  });
});
