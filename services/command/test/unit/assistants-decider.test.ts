import { describe, expect, it } from 'vitest';
import {
  assistantMessages,
  assistantPathMessages,
  type AssistantEvent,
  type AssistantPathEvent,
  type AssistantVersionData,
} from '@app/contracts';
import { assistantDecider } from '../../src/assistants/assistant-decider';
import { assistantPathDecider } from '../../src/assistants/path-decider';
import { filterFindsInappropriate, verdictOf } from '../../src/assistants/path-terms';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(assistantDecider);
const givenPath = DeciderSpecification.for(assistantPathDecider);
const ann = 'ann@example.com';
const bob = 'bob@example.com';
const assistantId = 'astp/11111111-1111-4111-8111-111111111111';

const version = (over: Partial<AssistantVersionData> = {}): AssistantVersionData => ({
  id: 'ast/22222222-2222-4222-8222-222222222222',
  assistantId,
  version: 1,
  provider: 'amplify',
  name: 'Helper',
  description: '',
  instructions: 'Be kind.',
  disclaimer: '',
  dataSources: [],
  tags: [],
  fileKeys: [],
  tools: [],
  owner: ann,
  createdBy: ann,
  groupId: null,
  data: {},
  at: '2026-01-01T00:00:00.000Z',
  ...over,
});
const created: AssistantEvent = { type: 'AssistantCreated', data: version() };
const asAnn = { email: ann, groupAdmin: false };
const asBob = { email: bob, groupAdmin: false };
const publication = (astPath: string, isPublic = true) => ({
  astPath,
  isPublic,
  accessTo: { amplifyGroups: [], users: [] },
});
const published = (astPath: string, previousPath: string | null = null): AssistantEvent => ({
  type: 'AssistantPathPublished',
  data: { ...publication(astPath), assistantId, previousPath, by: ann },
});
const nextVersion = {
  id: 'ast/33333333-3333-4333-8333-333333333333',
  provider: 'amplify',
  name: 'Helper 2',
  description: '',
  instructions: 'Be brief.',
  disclaimer: '',
  dataSources: [],
  tags: [],
  fileKeys: [],
  tools: [{ name: 'getWeather', description: 'No description provided' }],
  data: {},
  at: '2026-01-02T00:00:00.000Z',
};

describe('assistant decider', () => {
  it('given nothing, when created, then AssistantCreated', () => {
    given([]).when({ type: 'CreateAssistant', data: version() }).then([created]);
  });

  it('given an assistant, when its owner makes a version, then version 2 keeps owner and group', () => {
    given([created])
      .when({ type: 'CreateAssistantVersion', actor: asAnn, data: nextVersion })
      .then([
        {
          type: 'AssistantVersionCreated',
          data: { ...nextVersion, assistantId, version: 2, owner: ann, createdBy: ann, groupId: null },
        },
      ]);
  });

  it('given an assistant, when another user changes, deletes or publishes it, then refused', () => {
    given([created])
      .when({ type: 'CreateAssistantVersion', actor: asBob, data: nextVersion })
      .thenThrows(assistantMessages.notOwner);
    given([created]).when({ type: 'DeleteAssistant', actor: asBob }).thenThrows(assistantMessages.notOwner);
    given([created])
      .when({ type: 'PublishAssistantPath', actor: asBob, data: publication('bobs') })
      .thenThrows(assistantMessages.notOwner);
  });

  it('given a group assistant, when a group admin changes it, then accepted; when another user, refused', () => {
    const grouped: AssistantEvent = { type: 'AssistantCreated', data: version({ groupId: 'g1' }) };
    given([grouped])
      .when({ type: 'DeleteAssistant', actor: { email: bob, groupAdmin: true } })
      .then([{ type: 'AssistantDeleted', data: { assistantId, by: bob, astPath: null } }]);
    given([grouped])
      .when({ type: 'DeleteAssistant', actor: asBob })
      .thenThrows(assistantMessages.notGroupAdmin);
  });

  it('given a group assistant, when published to all users, then refused (spec section 6)', () => {
    const grouped: AssistantEvent = { type: 'AssistantCreated', data: version({ groupId: 'g1' }) };
    given([grouped])
      .when({ type: 'PublishAssistantPath', actor: asAnn, data: publication('team-bot', true) })
      .thenThrows(assistantMessages.groupNoPublicPath);
  });

  it('given a published assistant, when published elsewhere, then the previous path is named', () => {
    given([created, published('first')])
      .when({ type: 'PublishAssistantPath', actor: asAnn, data: publication('second') })
      .then([published('second', 'first')]);
    given([created, published('first')])
      .when({ type: 'PublishAssistantPath', actor: asAnn, data: publication('first') })
      .then([published('first', null)]);
  });

  it('given a published assistant, when deleted, then AssistantDeleted names its path; then it is gone', () => {
    given([created, published('first')])
      .when({ type: 'DeleteAssistant', actor: asAnn })
      .then([{ type: 'AssistantDeleted', data: { assistantId, by: ann, astPath: 'first' } }]);
    const deleted: AssistantEvent = {
      type: 'AssistantDeleted',
      data: { assistantId, by: ann, astPath: null },
    };
    given([created, deleted])
      .when({ type: 'DeleteAssistant', actor: asAnn })
      .thenThrows(assistantMessages.notFound);
  });

  it('given nothing, when a version is made, then not found', () => {
    given([])
      .when({ type: 'CreateAssistantVersion', actor: asAnn, data: nextVersion })
      .thenThrows(assistantMessages.notFound);
  });

  it('when websites are rescanned by the owner, then AssistantWebsitesRescanned with the keys', () => {
    given([created])
      .when({ type: 'RescanAssistantWebsites', actor: asAnn, data: { keys: ['k1'], force: true } })
      .then([{ type: 'AssistantWebsitesRescanned', data: { assistantId, keys: ['k1'], force: true } }]);
  });
});

describe('assistant path decider', () => {
  const claim = (id: string) => ({
    type: 'ClaimAssistantPath' as const,
    data: { astPath: 'my-bot', assistantId: id },
  });
  const claimed = (id: string): AssistantPathEvent => ({
    type: 'AssistantPathClaimed',
    data: { astPath: 'my-bot', assistantId: id },
  });
  const released = (id: string): AssistantPathEvent => ({
    type: 'AssistantPathReleased',
    data: { astPath: 'my-bot', assistantId: id },
  });
  it('given a free path, when claimed, then AssistantPathClaimed', () => {
    givenPath([])
      .when(claim('a'))
      .then([claimed('a')]);
    givenPath([claimed('a'), released('a')])
      .when(claim('b'))
      .then([claimed('b')]);
  });
  it('given a path held by another assistant, when claimed, then taken', () => {
    givenPath([claimed('a')])
      .when(claim('b'))
      .thenThrows(assistantPathMessages.taken);
  });
  it('given a path held by the same assistant, when claimed again, then nothing', () => {
    givenPath([claimed('a')])
      .when(claim('a'))
      .then([]);
  });
  it('when released by an assistant that does not hold it, then nothing', () => {
    givenPath([claimed('a')])
      .when({ type: 'ReleaseAssistantPath', data: { astPath: 'my-bot', assistantId: 'b' } })
      .then([]);
    givenPath([claimed('a')])
      .when({ type: 'ReleaseAssistantPath', data: { astPath: 'my-bot', assistantId: 'a' } })
      .then([released('a')]);
  });
});

describe('path terms', () => {
  it("reads the model's one-word verdict, and nothing else", () => {
    expect(verdictOf('YES')).toBe(true);
    expect(verdictOf(' no.')).toBe(false);
    expect(verdictOf('Maybe')).toBeNull();
  });
  it('the profanity filter finds disguised terms, and leaves ordinary words alone', () => {
    expect(filterFindsInappropriate('sh1t-bot')).toBe(true);
    expect(filterFindsInappropriate('my/fuck_bot')).toBe(true);
    expect(filterFindsInappropriate('scunthorpe-help')).toBe(false);
    expect(filterFindsInappropriate('class-helper')).toBe(false);
  });
});
