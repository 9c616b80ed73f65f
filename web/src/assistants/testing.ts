import type { AssistantDefinition } from '@app/contracts';

/** An assistant as GET /assistant/list answers it, for the unit tests. */
export const sampleAssistant = (over: Partial<AssistantDefinition> = {}): AssistantDefinition => ({
  id: 'ast/00000000-0000-4000-8000-000000000001',
  assistantId: 'astp/00000000-0000-4000-8000-000000000001',
  version: 1,
  provider: 'amplify',
  name: 'Helper',
  description: 'Helps.',
  instructions: 'Be brief.',
  disclaimer: '',
  dataSources: [],
  tags: [],
  fileKeys: [],
  tools: [],
  owner: 'me@example.com',
  createdBy: 'me@example.com',
  groupId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  data: {},
  astPath: null,
  publication: null,
  builtIn: false,
  ...over,
});
