import { describe, expect, it } from 'vitest';
import {
  defaultModel,
  type AdminsEvent,
  type AmplifyGroupsEvent,
  type ApplicationSecretsEvent,
  type ApplicationVariablesEvent,
  type DefaultModelsEvent,
  type FeatureFlagsEvent,
  type Model,
  type OpenAiEndpointsEvent,
  type SupportedModelsEvent,
} from '@app/contracts';
import { adminsDecider } from '../../src/configurations/admins';
import { aiEmailDomainDecider } from '../../src/configurations/ai-email-domain';
import { amplifyGroupsDecider } from '../../src/configurations/amplify-groups';
import {
  applicationSecretsDecider,
  applicationVariablesDecider,
} from '../../src/configurations/application-variables';
import { chatRateLimitDecider } from '../../src/configurations/chat-rate-limit';
import { conversationStorageDecider } from '../../src/configurations/conversation-storage';
import { fold, type Decider } from '../../src/shared/decider';
import { defaultModelsDecider } from '../../src/configurations/default-models';
import { featureFlagsDecider } from '../../src/configurations/feature-flags';
import { openaiEndpointsDecider } from '../../src/configurations/openai-endpoints';
import { promptCostAlertDecider } from '../../src/configurations/prompt-cost-alert';
import { supportEmailDecider } from '../../src/configurations/support-email';
import { supportedModelsDecider } from '../../src/configurations/supported-models';
import {
  created,
  group,
  memberAdded,
  inclusionAdded,
  deleted,
  system,
  limit,
  billing,
} from './amplify-groups-fixtures';
import { sealed } from './sealed-fixtures';

/** Frozen all the way down: a fold that changes its input then throws (ES modules are strict). */
const deepFreeze = <T>(x: T): T => {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
};

/** The state as the snapshots table gives it back: its JSON text, parsed (as pg parses a json column). */
const throughJson = (state: unknown): unknown => JSON.parse(JSON.stringify(state)) as unknown;

const outcome = <S, C, E>(decider: Decider<S, C, E>, command: C, state: S) => {
  try {
    return { events: decider.decide(command, state) };
  } catch (e) {
    return { refused: e instanceof Error ? e.message : String(e) };
  }
};

/**
 * For one decider: a snapshot taken anywhere in `history`, restored from its JSON, with the rest of
 * the history folded on top, is the state the whole refold gives (same keys in the same order), and
 * decides every command the same.
 */
const snapshotCase = <S, C, E>(
  name: string,
  decider: Decider<S, C, E>,
  history: NoInfer<E>[],
  commands: NoInfer<C>[],
) => {
  describe(`${name}: snapshot`, () => {
    const codec = decider.snapshot;
    const refold = () => history.reduce(decider.evolve, decider.initialState());

    it('has a snapshot shape', () => {
      expect(codec?.shape).toMatch(/^\w+\/\d+$/);
    });

    it('folds a run of events as evolve does one by one, and changes neither the state nor the events', () => {
      for (let k = 0; k <= history.length; k++) {
        const start = deepFreeze(history.slice(0, k).reduce(decider.evolve, decider.initialState()));
        const rest = deepFreeze(history.slice(k));
        const before = JSON.stringify(start);
        const folded = fold(decider, rest, start);
        expect(JSON.stringify(folded)).toBe(JSON.stringify(refold()));
        expect(folded).toEqual(refold());
        expect(JSON.stringify(start)).toBe(before);
      }
    });

    it('a reused snapshot and a refold give the same state, which decides the same', () => {
      if (!codec) throw new Error('no snapshot shape');
      const full = refold();
      for (let k = 0; k <= history.length; k++) {
        const snapshot = throughJson(fold(decider, history.slice(0, k)));
        const reused = fold(decider, history.slice(k), codec.restore(snapshot));
        expect(reused).toEqual(full);
        expect(JSON.stringify(reused)).toBe(JSON.stringify(full));
        expect(Object.getPrototypeOf(reused)).toBe(Object.getPrototypeOf(full));
        for (const command of commands) {
          expect(outcome(decider, command, reused)).toEqual(outcome(decider, command, full));
        }
      }
      // The commands are not all refused or empty: they do compare decisions.
      expect(commands.some((c) => (outcome(decider, c, full).events ?? []).length > 0)).toBe(true);
    });

    it('a snapshot that is not of its shape is refused (the stream is then refolded)', () => {
      if (!codec) throw new Error('no snapshot shape');
      expect(() => codec.restore(12345)).toThrow();
    });
  });
};

type F = FeatureFlagsEvent;
const flagCreated = (name: string): F => ({ type: 'FeatureFlagCreated', data: { name } });
snapshotCase(
  'feature flags',
  featureFlagsDecider,
  [
    flagCreated('darkMode'),
    { type: 'FeatureFlagEnabled', data: { name: 'darkMode' } },
    flagCreated('__proto__'),
    { type: 'FeatureFlagUserExceptionAdded', data: { name: '__proto__', email: 'a@example.com' } },
    flagCreated('constructor'),
    { type: 'FeatureFlagGroupExceptionAdded', data: { name: 'constructor', group: 'staff' } },
    flagCreated('beta'),
    { type: 'FeatureFlagRemoved', data: { name: 'darkMode' } },
    flagCreated('darkMode'),
    { type: 'FeatureFlagUserExceptionAdded', data: { name: 'beta', email: 'b@example.com' } },
    { type: 'FeatureFlagUserExceptionRemoved', data: { name: '__proto__', email: 'a@example.com' } },
    { type: 'FeatureFlagDisabled', data: { name: 'beta' } },
  ],
  [
    { type: 'UpdateFeatureFlags', data: { flags: {} } },
    {
      type: 'UpdateFeatureFlags',
      data: {
        flags: {
          beta: { enabled: true, userExceptions: [], amplifyGroupExceptions: ['staff'] },
          constructor: { enabled: false, userExceptions: ['c@example.com'], amplifyGroupExceptions: [] },
        },
      },
    },
  ],
);

type G = AmplifyGroupsEvent;
snapshotCase(
  'amplify groups',
  amplifyGroupsDecider,
  [
    created('Admins', { members: ['ann@example.com'] }),
    system('Billing', ['bob@example.com']),
    created('Ops'),
    memberAdded('Ops', 'carl@example.com'),
    inclusionAdded('Ops', 'Admins'),
    limit('Ops', { period: 'Hourly', rate: 5 }),
    billing('Admins', true),
    created('__proto__'),
    deleted('Ops'),
    created('Ops', { members: ['dan@example.com'] }),
  ] satisfies G[],
  [
    { type: 'UpdateAmplifyGroups', data: { groups: {}, actor: 'ann@example.com' } },
    {
      type: 'UpdateAmplifyGroups',
      data: {
        groups: { Ops: group('Ops', { members: ['eve@example.com'] }), New: group('New') },
        actor: 'ann@example.com',
      },
    },
    { type: 'RegisterSystemGroup', data: { groupName: 'Auditors', members: [], actor: 'system' } },
  ],
);

const model = (id: string, m: Partial<Model> = {}): Model => ({
  ...defaultModel(),
  id,
  name: id.toUpperCase(),
  provider: 'OpenAI',
  inputContextWindow: 128000,
  outputTokenLimit: 4096,
  isAvailable: true,
  ...m,
});
type M = SupportedModelsEvent;
snapshotCase(
  'supported models',
  supportedModelsDecider,
  [
    { type: 'ModelAdded', data: { model: model('gpt-4o') } },
    { type: 'ModelAdded', data: { model: model('o1', { isBuiltIn: true }) } },
    { type: 'ModelUpdated', data: { id: 'gpt-4o', changes: { description: 'fast', inputTokenCost: 2.5 } } },
    { type: 'ModelAvailabilityChanged', data: { id: 'o1', isAvailable: false } },
    { type: 'ModelGroupAvailabilityAdded', data: { id: 'gpt-4o', group: 'Ops' } },
    { type: 'ModelAdded', data: { model: model('mini') } },
    { type: 'ModelGroupAvailabilityRemoved', data: { id: 'gpt-4o', group: 'Ops' } },
    { type: 'ModelRemoved', data: { id: 'mini' } },
  ] satisfies M[],
  [
    { type: 'UpdateSupportedModels', data: { models: { o1: model('o1', { isBuiltIn: true }) } } },
    { type: 'SeedBuiltInModels', data: { models: [model('o1'), model('o3')] } },
  ],
);

type V = ApplicationVariablesEvent;
snapshotCase(
  'application variables',
  applicationVariablesDecider,
  [
    { type: 'ApplicationVariableAdded', data: { name: 'A', value: sealed('fp-1') } },
    { type: 'ApplicationVariableAdded', data: { name: '__proto__', value: sealed('fp-2') } },
    { type: 'ApplicationVariableChanged', data: { name: 'A', value: sealed('fp-3') } },
    { type: 'ApplicationVariableRemoved', data: { name: 'A' } },
    { type: 'ApplicationVariableAdded', data: { name: 'A', value: sealed('fp-4') } },
  ] satisfies V[],
  [{ type: 'UpdateApplicationVariables', data: { values: [{ name: 'B', value: sealed('fp-5') }] } }],
);

type X = ApplicationSecretsEvent;
snapshotCase(
  'application secrets',
  applicationSecretsDecider,
  [
    { type: 'ApplicationSecretAdded', data: { name: 'S', value: sealed('fp-1') } },
    { type: 'ApplicationSecretAdded', data: { name: 'T', value: sealed('fp-2') } },
    { type: 'ApplicationSecretRemoved', data: { name: 'S' } },
  ] satisfies X[],
  [{ type: 'UpdateApplicationSecrets', data: { values: [{ name: 'T', value: sealed('fp-9') }] } }],
);

type A = AdminsEvent;
snapshotCase(
  'admins',
  adminsDecider,
  [
    { type: 'AdminAdded', data: { email: 'ann@example.com' } },
    { type: 'AdminAdded', data: { email: 'bob@example.com' } },
    { type: 'AdminRemoved', data: { email: 'ann@example.com' } },
    { type: 'AdminAdded', data: { email: 'carl@example.com' } },
  ] satisfies A[],
  [
    { type: 'UpdateAdmins', data: { admins: ['dan@example.com', 'carl@example.com'] } },
    { type: 'SeedAdmins', data: { admins: ['eve@example.com'] } },
  ],
);

const east = 'https://east.example.com/openai/deployments/gpt-4o/chat/completions';
const west = 'https://west.example.com/openai/deployments/gpt-4o/chat/completions';
type O = OpenAiEndpointsEvent;
snapshotCase(
  'openai endpoints',
  openaiEndpointsDecider,
  [
    { type: 'OpenAiModelAdded', data: { model: 'gpt-4o' } },
    { type: 'OpenAiEndpointAdded', data: { model: 'gpt-4o', url: east, key: sealed('fp-1', 'k001') } },
    { type: 'OpenAiEndpointAdded', data: { model: 'gpt-4o', url: west, key: sealed('fp-2', 'k002') } },
    { type: 'OpenAiModelAdded', data: { model: 'o1' } },
    { type: 'OpenAiEndpointRemoved', data: { model: 'gpt-4o', url: east, keyFingerprint: 'fp-1' } },
    { type: 'OpenAiEndpointAdded', data: { model: 'o1', url: east, key: sealed('fp-3', 'k003') } },
  ] satisfies O[],
  [
    {
      type: 'UpdateOpenAiEndpoints',
      data: { models: [{ name: 'o1', endpoints: [{ url: west, key: sealed('fp-4', 'k004') }] }] },
    },
  ],
);

type D = DefaultModelsEvent;
snapshotCase(
  'default models',
  defaultModelsDecider,
  [
    { type: 'DefaultModelSet', data: { key: 'user', modelId: 'gpt-4o' } },
    { type: 'DefaultModelSet', data: { key: 'cheapest', modelId: 'mini' } },
    { type: 'DefaultModelCleared', data: { key: 'user' } },
  ] satisfies D[],
  [
    {
      type: 'UpdateDefaultModels',
      data: { defaults: { ...defaultModelsDecider.initialState(), advanced: 'o1' } },
    },
  ],
);

snapshotCase(
  'support email',
  supportEmailDecider,
  [
    { type: 'SupportEmailAddressChanged', data: { email: 'help@example.com' } },
    { type: 'SupportEmailActivated', data: {} },
  ],
  [{ type: 'UpdateSupportEmail', data: { isActive: false, email: 'desk@example.com' } }],
);

snapshotCase(
  'AI email domain',
  aiEmailDomainDecider,
  [{ type: 'AiEmailDomainChanged', data: { domain: 'example.com' } }],
  [{ type: 'UpdateAiEmailDomain', data: { domain: 'example.org' } }],
);

snapshotCase(
  'chat rate limit',
  chatRateLimitDecider,
  [{ type: 'ChatRateLimitChanged', data: { period: 'Hourly', rate: 10 } }],
  [{ type: 'UpdateChatRateLimit', data: { period: 'Unlimited', rate: null } }],
);

snapshotCase(
  'conversation storage',
  conversationStorageDecider,
  [{ type: 'ConversationStorageDefaultChanged', data: { storage: 'future-cloud' } }],
  [{ type: 'UpdateDefaultConversationStorage', data: { storage: 'future-local' } }],
);

snapshotCase(
  'prompt cost alert',
  promptCostAlertDecider,
  [
    { type: 'PromptCostAlertMessageChanged', data: { alertMessage: 'Careful' } },
    { type: 'PromptCostAlertCostChanged', data: { cost: 2.5 } },
    { type: 'PromptCostAlertActivated', data: {} },
  ],
  [{ type: 'UpdatePromptCostAlert', data: { isActive: false, alertMessage: 'Careful', cost: 3 } }],
);

describe('snapshot shapes', () => {
  it('differ from decider to decider', () => {
    const shapes = [
      featureFlagsDecider,
      amplifyGroupsDecider,
      supportedModelsDecider,
      applicationVariablesDecider,
      applicationSecretsDecider,
      adminsDecider,
      openaiEndpointsDecider,
      defaultModelsDecider,
      supportEmailDecider,
      aiEmailDomainDecider,
      chatRateLimitDecider,
      conversationStorageDecider,
      promptCostAlertDecider,
    ].map((d: { snapshot?: { shape: string } }) => d.snapshot?.shape);
    expect(new Set(shapes).size).toBe(shapes.length);
  });
});
