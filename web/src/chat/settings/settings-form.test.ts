import { describe, expect, it } from 'vitest';
import { conversationSettingsMessages, type ChatRequest } from '@app/contracts';
import { formErrors, formOf, settingsOf } from './settings-form';
import { withConversationSettings } from './request-settings';

describe('the conversation settings form', () => {
  it('reads a temperature from 0 to 2, and none as the default', () => {
    expect(settingsOf({ instructions: ' Answer in French ', temperature: '0.3' })).toEqual({
      instructions: 'Answer in French',
      temperature: 0.3,
    });
    expect(settingsOf({ instructions: '', temperature: ' ' })).toEqual({
      instructions: '',
      temperature: null,
    });
    expect(settingsOf({ instructions: '', temperature: '2' })?.temperature).toBe(2);
    expect(formOf({ instructions: 'x', temperature: null })).toEqual({ instructions: 'x', temperature: '' });
  });

  it('refuses a temperature out of range or not a number, and instructions too long, in the words of the contract', () => {
    for (const temperature of ['2.1', '-1', 'warm', '1e9'])
      expect(formErrors({ instructions: '', temperature }).temperature).toBe(
        conversationSettingsMessages.temperatureRange,
      );
    expect(formErrors({ instructions: 'x'.repeat(10_001), temperature: '' }).instructions).toBe(
      conversationSettingsMessages.instructionsTooLong,
    );
    expect(settingsOf({ instructions: 'x'.repeat(10_001), temperature: '1' })).toBeNull();
  });
});

describe('a request with the conversation settings', () => {
  const request: ChatRequest = {
    model: 'm',
    temperature: 0.7,
    max_tokens: 1000,
    stream: true as const,
    dataSources: [],
    messages: [{ role: 'user' as const, content: 'hi', type: 'prompt' as const }],
    options: { requestId: 'r1', conversationId: 'c1' },
  };

  it("adds the instructions as the system prompt and takes the conversation's temperature over the assistant's", () => {
    const sent = withConversationSettings(request, { instructions: 'Answer in French', temperature: 0.3 });
    expect(sent.messages[0]).toEqual({ role: 'system', content: 'Answer in French' });
    expect(sent.messages[1]).toEqual(request.messages[0]);
    expect(sent.temperature).toBe(0.3);
  });

  it('adds the instructions after a system prompt already there; no temperature set keeps the request’s', () => {
    const withSystem: ChatRequest = {
      ...request,
      messages: [{ role: 'system' as const, content: 'Be kind' }, ...request.messages],
    };
    const sent = withConversationSettings(withSystem, { instructions: 'Be brief', temperature: null });
    expect(sent.messages[0]).toEqual({ role: 'system', content: 'Be kind\n\nBe brief' });
    expect(sent.temperature).toBe(0.7);
    expect(withConversationSettings(request, { instructions: ' ', temperature: null })).toEqual(request);
  });
});
