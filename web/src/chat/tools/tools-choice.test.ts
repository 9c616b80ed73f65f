import { describe, expect, it } from 'vitest';
import type { ChatRequest, McpUserServer } from '@app/contracts';
import {
  noToolChoices,
  offeredOn,
  rememberedConversations,
  serversOn,
  withConversation,
  withMcpServers,
  withServer,
} from './tools-choice';

const server = (id: string): McpUserServer => ({ id, name: id, tools: [] });

describe('the MCP servers turned on, per conversation and for a new chat', () => {
  it('given a new chat, when a server is turned on, then new chats have it until it is turned off; conversations keep theirs', () => {
    let choices = withServer(noToolChoices(), null, 's1', true);
    choices = withServer(choices, 'conv-a', 's2', true);
    expect(serversOn(choices, null)).toEqual(['s1']);
    expect(serversOn(choices, 'conv-a')).toEqual(['s2']);
    expect(serversOn(choices, 'conv-b')).toEqual([]);
    expect(serversOn(withServer(choices, null, 's1', false), null)).toEqual([]);
  });

  it('given a server on twice, then it is listed once', () => {
    const choices = withServer(withServer(noToolChoices(), 'c', 's1', true), 'c', 's1', true);
    expect(serversOn(choices, 'c')).toEqual(['s1']);
  });

  it('given more conversations than remembered, then the oldest choice is forgotten first', () => {
    let choices = noToolChoices();
    for (let i = 0; i <= rememberedConversations; i++) choices = withConversation(choices, `c${i}`, ['s']);
    expect(Object.keys(choices.conversations)).toHaveLength(rememberedConversations);
    expect(serversOn(choices, 'c0')).toEqual([]);
    expect(serversOn(choices, `c${rememberedConversations}`)).toEqual(['s']);
  });

  it('sends only servers still offered to the user, and none before the list is known', () => {
    expect(offeredOn(['s1', 'gone'], [server('s1'), server('s2')])).toEqual(['s1']);
    expect(offeredOn(['s1'], null)).toEqual([]);
  });

  it('puts the servers in options.mcpServers beside the options already there; none: the request unchanged', () => {
    const request = { options: { assistantId: 'ast/x' } } as unknown as ChatRequest;
    expect(withMcpServers(request, ['s1']).options).toEqual({ assistantId: 'ast/x', mcpServers: ['s1'] });
    expect(withMcpServers(request, [])).toBe(request);
  });
});
