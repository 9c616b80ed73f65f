import { describe, expect, it } from 'vitest';
import { assistantGroupMessages, type AssistantDefinition, type AssistantGroupView } from '@app/contracts';
import { amplifyGroupExists, copyableAssistants, copyPayloadOf, createRequestOf } from './assistant-groups';

const assistant = (over: Partial<AssistantDefinition>): AssistantDefinition => ({
  id: 'ast/1',
  assistantId: 'astp/1',
  version: 1,
  provider: 'amplify',
  name: 'Mine',
  description: 'd',
  instructions: 'i',
  disclaimer: '',
  dataSources: [],
  tags: ['t'],
  fileKeys: [],
  tools: [],
  owner: 'admin@example.com',
  createdBy: 'admin@example.com',
  groupId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  data: {},
  astPath: null,
  publication: null,
  builtIn: false,
  ...over,
});

describe('Assistant Admin Groups (web)', () => {
  it('given no built-in ticked, then the spec message; else the built-ins and the admins', () => {
    expect(createRequestOf(new Set(), ['a@example.com'])).toEqual({
      error: assistantGroupMessages.selectAtLeastOne,
    });
    expect(createRequestOf(new Set(['astgp/x']), ['a@example.com'])).toEqual({
      assistants: ['astgp/x'],
      members: ['a@example.com'],
    });
  });

  it('the green dot shows once the Amplify Assistants group is listed', () => {
    const group = { isAmplifyAssistants: true } as AssistantGroupView;
    expect(amplifyGroupExists([])).toBe(false);
    expect(amplifyGroupExists([group])).toBe(true);
  });

  it('only the admin’s own assistants outside groups may be copied, and a copy carries no id', () => {
    const own = assistant({});
    const list = [own, assistant({ builtIn: true, assistantId: 'astgp/b' }), assistant({ groupId: 'g' })];
    expect(copyableAssistants(list)).toEqual([own]);
    const payload = copyPayloadOf(own);
    expect(payload).toMatchObject({ name: 'Mine', instructions: 'i', provider: 'amplify', tags: ['t'] });
    expect(payload).not.toHaveProperty('assistantId');
  });
});
