import { createServer, type Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { streamMessages, type StreamMessage } from './event-stream.js';

/** global.gc, which node gives only under --expose-gc: the flag set now, the function from a new context. */
setFlagsFromString('--expose-gc');
const gc: unknown = runInNewContext('gc');
const isCollector = (value: unknown): value is () => void => typeof value === 'function';
function collectGarbage(): void {
  if (!isCollector(gc)) throw new Error('no gc');
  gc();
}

/** A body that delivers these chunks, as a server's writes may be cut anywhere on the way. */
function body(chunks: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function messages(chunks: readonly string[]): Promise<StreamMessage[]> {
  const out: StreamMessage[] = [];
  for await (const message of streamMessages(body(chunks))) out.push(message);
  return out;
}

describe('streamMessages', () => {
  it('reads id, event and JSON data, skipping comments', async () => {
    expect(await messages([': keep-alive\n\n', 'id: 7\nevent: match\ndata: {"seq":7}\n\n'])).toEqual([
      { id: '7', event: 'match', data: { seq: 7 } },
    ]);
  });

  it('takes a CR LF pair cut between two chunks as one line end', async () => {
    // Split as "…\r" | "\n\r\n…": a parser that mends line ends chunk by chunk reads the lone CR as
    // one line end and the next chunk's LF as another, and so ends the message one line early.
    const text = 'id: 1\r\ndata: {"a":1}\r\n\r\nid: 2\r\ndata: {"b":2}\r\n\r\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(await messages([text.slice(0, cut), text.slice(cut)])).toEqual([
        { id: '1', event: null, data: { a: 1 } },
        { id: '2', event: null, data: { b: 2 } },
      ]);
    }
  });

  it('joins multi-line data and reads a message cut in the middle of a UTF-8 character', async () => {
    const bytes = new TextEncoder().encode('data: {"name":\ndata: "нарды"}\n\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 20));
        controller.enqueue(bytes.slice(20));
        controller.close();
      },
    });
    const out: StreamMessage[] = [];
    for await (const message of streamMessages(stream)) out.push(message);
    expect(out).toEqual([{ id: null, event: null, data: { name: 'нарды' } }]);
  });

  describe('on a body from fetch whose Response is let go (all openapi-fetch keeps with parseAs: stream)', () => {
    let server: Server;
    let url: string;
    /** Lets the test say when the server writes its one event. */
    let send: () => void;
    beforeAll(async () => {
      server = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(': open\n\n');
        send = () => res.end('id: 1\ndata: {"seq":1}\n\n');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('not listening on a port');
      url = `http://127.0.0.1:${address.port}/`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    /** The body alone, its Response unreachable once this returns. */
    const bodyOnly = async (): Promise<ReadableStream<Uint8Array>> => {
      const response = await fetch(url);
      if (response.body === null) throw new Error('no body');
      return response.body;
    };
    /** Collections, with time between them for the finalizers to run. */
    const collect = async (): Promise<void> => {
      for (let round = 0; round < 3; round++) {
        collectGarbage();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const all = async (messages: AsyncGenerator<StreamMessage>): Promise<StreamMessage[]> => {
      const out: StreamMessage[] = [];
      for await (const message of messages) out.push(message);
      return out;
    };

    it('keeps the stream: the body is locked at the call, before the first read', async () => {
      const messages = streamMessages(await bodyOnly());
      await collect();
      send();
      expect(await all(messages)).toEqual([{ id: '1', event: null, data: { seq: 1 } }]);
    });

    it('(the fault it guards against) a body left unlocked is cancelled by the collection', async () => {
      const body = await bodyOnly();
      await collect();
      send();
      expect(await all(streamMessages(body))).toEqual([]);
    });
  });
});
