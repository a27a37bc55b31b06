import { streamMessages, type StreamMessage } from './event-stream.js';

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
});
