import { describe, expect, it } from 'vitest';
import { createChatSseParser, type ChatSseEvent } from './chat-sse';

const chunks = (events: ChatSseEvent[]) =>
  events.map((e) => ('chunk' in e ? e.chunk : { invalid: e.invalid }));

describe('the chat SSE parser', () => {
  it('splits events on blank lines and parses each data line with the ChatChunk contract', () => {
    const parser = createChatSseParser();
    const events = parser.push(
      'id: 1\ndata: {"s":"meta","st":{"id":"model","summary":"Asking Fast","type":"info","inProgress":true}}\n\n' +
        'id: 2\ndata: {"s":"answer","d":"Hel"}\n\nid: 3\ndata: {"s":"answer","d":"lo"}\n\n',
    );
    expect(chunks(events)).toEqual([
      { s: 'meta', st: { id: 'model', summary: 'Asking Fast', type: 'info', inProgress: true } },
      { s: 'answer', d: 'Hel' },
      { s: 'answer', d: 'lo' },
    ]);
    expect(events.map((e) => e.id)).toEqual(['1', '2', '3']);
    expect(parser.lastEventId).toBe('3');
  });

  it('ignores comments (keep-alives) and fields it does not know', () => {
    const parser = createChatSseParser();
    const events = parser.push(
      ': keep-alive\n\nevent: chunk\nretry: 10\ndata: {"s":"answer","d":"x"}\n\n:\n\n',
    );
    expect(chunks(events)).toEqual([{ s: 'answer', d: 'x' }]);
  });

  it('completes an event split across reads, wherever the split falls', () => {
    const text = 'id: 7\ndata: {"s":"answer","d":"é ok"}\n\nid: 8\ndata: {"s":"result","type":"end"}\n\n';
    for (let at = 1; at < text.length; at += 1) {
      const parser = createChatSseParser();
      const events = [...parser.push(text.slice(0, at)), ...parser.push(text.slice(at)), ...parser.finish()];
      expect(chunks(events)).toEqual([
        { s: 'answer', d: 'é ok' },
        { s: 'result', type: 'end' },
      ]);
      expect(parser.lastEventId).toBe('8');
    }
  });

  it('reads CRLF and CR line ends, even with the CR and LF in two reads', () => {
    const parser = createChatSseParser();
    const events = [
      ...parser.push('id: 1\r'),
      ...parser.push('\ndata: {"s":"answer","d":"a"}\r\n\r'),
      ...parser.push('\nid: 2\rdata: {"s":"answer","d":"b"}\r\r'),
      // A CR last in a read may be the first half of CRLF: the line ends with the next read, or at the end.
      ...parser.finish(),
    ];
    expect(chunks(events)).toEqual([
      { s: 'answer', d: 'a' },
      { s: 'answer', d: 'b' },
    ]);
    expect(events.map((e) => e.id)).toEqual(['1', '2']);
  });

  it('keeps the last id for events without one, and starts from the id it resumes after', () => {
    const parser = createChatSseParser('41');
    const events = parser.push('data: {"s":"answer","d":"a"}\n\nid: 42\ndata: {"s":"answer","d":"b"}\n\n');
    expect(events.map((e) => e.id)).toEqual(['41', '42']);
  });

  it('an id with no data moves the last id on without an event', () => {
    const parser = createChatSseParser();
    expect(parser.push('id: 5\n\n')).toEqual([]);
    expect(parser.lastEventId).toBe('5');
  });

  it('reports a data line that is not a chunk instead of folding it into the answer', () => {
    const parser = createChatSseParser();
    expect(chunks(parser.push('data: not json\n\ndata: {"s":"answer"}\n\n'))).toEqual([
      { invalid: 'not json' },
      { invalid: '{"s":"answer"}' },
    ]);
  });

  it('reads the out-of-order mode switch and answer chunks indexed by s', () => {
    const parser = createChatSseParser();
    const events = parser.push(
      'data: {"s":"meta","m":"out_of_order"}\n\ndata: {"s":1,"d":"world"}\n\ndata: {"s":"0","d":"hello "}\n\n',
    );
    expect(chunks(events)).toEqual([
      { s: 'meta', m: 'out_of_order' },
      { s: 1, d: 'world' },
      { s: 0, d: 'hello ' },
    ]);
  });

  it('drops an event the stream cut before its blank line', () => {
    const parser = createChatSseParser();
    expect(parser.push('data: {"s":"answer","d":"a"}\n')).toEqual([]);
    expect(parser.finish()).toEqual([]);
  });

  it('joins the data lines of one event with a line feed', () => {
    const parser = createChatSseParser();
    expect(chunks(parser.push('data: {"s":"answer",\ndata: "d":"x"}\n\n'))).toEqual([
      { s: 'answer', d: 'x' },
    ]);
  });
});
