import { describe, expect, it } from 'vitest';
import { chatMessages } from '@app/contracts';
import { chatErrorText } from './chat-error';

describe('the text of a chat answered with a status other than 200 (second spec, section 8)', () => {
  it('is the error field', () => {
    expect(chatErrorText('Too Many Requests', '{"error":"Your chat rate limit: ..."}')).toBe(
      'Your chat rate limit: ...',
    );
  });

  it('else the value field', () => {
    expect(chatErrorText('Bad Request', '{"value":"model is required"}')).toBe('model is required');
  });

  it('else the status text', () => {
    expect(chatErrorText('Bad Gateway', '<html>proxy</html>')).toBe('Bad Gateway');
    expect(chatErrorText('Bad Gateway', '{"error":""}')).toBe('Bad Gateway');
  });

  it('else the communication error', () => {
    expect(chatErrorText('', '')).toBe(chatMessages.communicationError);
  });
});
