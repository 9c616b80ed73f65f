import { describe, expect, it } from 'vitest';
import { ExternalApiCall, platformMessages, UploadFileRequest } from './index';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('fields that reach an HTTP header refuse control characters', () => {
  it.each(['\r\n', '\n', '\r', '\u0000', '\u0007', '\u007f', '\u0085', '\u009b'])(
    'an upload type or name holding %j is refused naming the field',
    (c) => {
      const type = UploadFileRequest.safeParse({ type: `text/plain${c}x`, name: 'a.txt' });
      expect(messagesOf(type)).toContain(platformMessages.controlCharacters('The file type'));
      const name = UploadFileRequest.safeParse({ type: 'text/plain', name: `a${c}.txt` });
      expect(messagesOf(name)).toContain(platformMessages.controlCharacters('The file name'));
    },
  );

  it('printable text, spaces and accents pass', () => {
    expect(
      UploadFileRequest.safeParse({ type: 'text/plain; charset=utf-8', name: 'Été 2026.txt' }).success,
    ).toBe(true);
  });

  it("an external API's header value and bearer token with CR/LF are refused", () => {
    const call = { requestType: 'GET', url: 'https://api.example.com/' };
    const header = ExternalApiCall.safeParse({ ...call, headers: { 'X-Trace': 'a\r\nX-Evil: 1' } });
    expect(messagesOf(header)).toContain(platformMessages.controlCharacters('Header value'));
    const token = ExternalApiCall.safeParse({ ...call, auth: { type: 'bearer', token: 'abc\r\nX-Evil: 1' } });
    expect(messagesOf(token)).toContain(platformMessages.controlCharacters('Token'));
    expect(ExternalApiCall.safeParse({ ...call, headers: { 'X-Trace': 'a b' } }).success).toBe(true);
  });
});
