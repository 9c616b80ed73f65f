import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableModelsRoute,
  defaultModel,
  unsetDefaultModels,
  type AvailableModelsResponse,
  type Model,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const ann = 'ann@example.com';
const staff = 'staff@example.com';

const model = (id: string, name: string, m: Partial<Model> = {}): Model => ({
  ...defaultModel(),
  id,
  name,
  provider: 'OpenAI',
  description: `${name} model`,
  systemPrompt: 'Be brief.',
  inputContextWindow: 128000,
  outputTokenLimit: 4096,
  inputTokenCost: 0.001,
  outputTokenCost: 0.002,
  isAvailable: true,
  ...m,
});
const models = [
  model('zeta', 'Zeta'),
  model('alpha', 'Alpha', { supportsImages: true }),
  model('staff-only', 'Mid', { exclusiveGroupAvailability: ['Staff', 'Ops'] }),
  model('retired', 'Beta', { isAvailable: false }),
  model('text-embedding-3-small', 'Embedding'),
];

let p: TestPlatform;
let position = '0';
beforeAll(async () => {
  p = await startTestPlatform({
    admins: [ann],
    groupsOf: (email) => Promise.resolve(email === staff ? ['Staff'] : []),
  });
  const { status, body } = await p.save(ann, [
    { type: 'supportedModels', data: Object.fromEntries(models.map((m) => [m.id, m])) },
    {
      type: 'defaultModels',
      data: {
        ...unsetDefaultModels(),
        user: 'alpha',
        advanced: 'staff-only',
        cheapest: 'zeta',
        embeddings: 'text-embedding-3-small',
      },
    },
  ]);
  expect(status).toBe(200);
  position = body.position;
});
afterAll(async () => {
  await p.close();
});

const availableFor = async (email: string) => {
  const res = await p.call(email, 'GET', `${availableModelsRoute}?waitFor=${position}`);
  expect(res.statusCode).toBe(200);
  return res.json<AvailableModelsResponse>();
};
const userView = (m: Model) => {
  const { isAvailable: _a, isBuiltIn: _b, exclusiveGroupAvailability: _g, systemPrompt: _p, ...rest } = m;
  return rest;
};

describe('GET /available_models: the models the caller may use', () => {
  it('anyone signed in gets the available models open to everyone, sorted by name, with the defaults', async () => {
    const answer = await availableFor('eve@example.com');
    expect(answer.data.models.map((m) => m.id)).toEqual(['alpha', 'zeta']);
    expect(answer).toEqual({
      success: true,
      data: {
        models: [userView(models[1]!), userView(models[0]!)],
        default: userView(models[1]!),
        // The advanced default is limited to groups eve is not in.
        advanced: null,
        cheapest: userView(models[0]!),
      },
    });
  });

  it('a member of one of the groups a model is limited to gets it too', async () => {
    const answer = await availableFor(staff);
    expect(answer.data.models.map((m) => m.name)).toEqual(['Alpha', 'Mid', 'Zeta']);
    expect(answer.data.advanced?.id).toBe('staff-only');
  });

  it('never shows unavailable nor embedding models, nor the admin-only fields', async () => {
    const answer = await availableFor(staff);
    const ids = answer.data.models.map((m) => m.id);
    expect(ids).not.toContain('retired');
    expect(ids).not.toContain('text-embedding-3-small');
    for (const m of answer.data.models) {
      expect(m).not.toHaveProperty('isAvailable');
      expect(m).not.toHaveProperty('isBuiltIn');
      expect(m).not.toHaveProperty('exclusiveGroupAvailability');
      expect(m).not.toHaveProperty('systemPrompt');
    }
  });

  it('follows the admin changes: a model made available shows up', async () => {
    const loaded = await p.configsNow(ann);
    const { status, body } = await p.save(ann, [
      {
        type: 'supportedModels',
        data: {
          ...loaded.data.supportedModels,
          retired: { ...loaded.data.supportedModels['retired']!, isAvailable: true },
        },
      },
    ]);
    expect(status).toBe(200);
    position = body.position;
    expect((await availableFor('eve@example.com')).data.models.map((m) => m.name)).toEqual([
      'Alpha',
      'Beta',
      'Zeta',
    ]);
  });

  it("follows group changes: a model's groups replaced takes it away from the old group's members", async () => {
    const loaded = await p.configsNow(ann);
    const limited = loaded.data.supportedModels['staff-only']!;
    const { status, body } = await p.save(ann, [
      {
        type: 'supportedModels',
        data: {
          ...loaded.data.supportedModels,
          'staff-only': { ...limited, exclusiveGroupAvailability: ['Ops'] },
        },
      },
      { type: 'defaultModels', data: { ...loaded.data.defaultModels, advanced: 'alpha' } },
    ]);
    expect(status).toBe(200);
    position = body.position;
    expect((await availableFor(staff)).data.models.map((m) => m.id)).not.toContain('staff-only');
    const configs = await p.configs(ann, position);
    expect(configs.data.supportedModels['staff-only']?.exclusiveGroupAvailability).toEqual(['Ops']);
  });

  it('needs a signed-in caller', async () => {
    const res = await p.call(null, 'GET', availableModelsRoute);
    expect(res.statusCode).toBe(401);
  });
});
