import { describe, expect, it } from 'vitest';
import { standardConversation } from '@app/contracts';
import { sampleAssistant } from '../testing';
import { knownEmailsOf, ownAssistants, pickerGroups, sharedPublished, shownOption } from './picker-options';

const builtIn = sampleAssistant({
  assistantId: 'astgp/builder',
  name: 'Assistant Creator',
  builtIn: true,
  owner: 'system',
});
const mine = sampleAssistant({ assistantId: 'astp/b', name: 'Zed' });
const mine2 = sampleAssistant({ assistantId: 'astp/a', name: 'Alpha' });
const publication = {
  astPath: 'team/x',
  isPublic: false,
  accessTo: { amplifyGroups: [], users: ['Ann@example.com'] },
};
const theirs = sampleAssistant({
  assistantId: 'astp/c',
  name: 'Theirs',
  owner: 'bo@example.com',
  publication,
});

describe('the assistant picker', () => {
  it('offers the Standard Conversation first, then built-ins, mine and shared, each by name', () => {
    const groups = pickerGroups([theirs, mine, builtIn, mine2, mine], 'ME@example.com', null);
    expect(groups.map((g) => [g.label, g.options.map((o) => o.name)])).toEqual([
      ['', ['Standard Conversation']],
      ['Built-in assistants', ['Assistant Creator']],
      ['My assistants', ['Alpha', 'Zed']],
      ['Shared with me', ['Theirs']],
    ]);
    expect(groups[0]?.options[0]).toEqual({
      id: 'chat',
      name: 'Standard Conversation',
      description: 'No assistant will be used.',
    });
  });

  it('offers an assistant opened at its path even when the list does not hold it', () => {
    const groups = pickerGroups([], 'me@example.com', theirs);
    expect(groups.map((g) => g.label)).toEqual(['', 'Shared with me']);
  });

  it('shows the Standard Conversation when the choice is gone', () => {
    const groups = pickerGroups([mine], 'me@example.com', null);
    expect(shownOption(groups, 'astp/b').name).toBe('Zed');
    expect(shownOption(groups, 'astp/deleted')).toEqual({ ...standardConversation });
  });

  it('the manager lists my assistants, the published ones shared with me, and the addresses I shared with', () => {
    expect(ownAssistants([theirs, mine, builtIn, mine2], 'me@example.com').map((a) => a.name)).toEqual([
      'Alpha',
      'Zed',
    ]);
    expect(sharedPublished([theirs, mine, builtIn], 'me@example.com').map((a) => a.name)).toEqual(['Theirs']);
    expect(knownEmailsOf([theirs, mine])).toEqual(['ann@example.com']);
  });
});
