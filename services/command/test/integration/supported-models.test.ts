import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMessages,
  defaultModelsStreamId,
  platformMessages,
  supportedModelsStreamId,
  unsetDefaultModels,
  type Model,
  type RecordedEvent,
} from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';
import { defaults, defaultsSection, embed, gpt, keyed, mini, modelsSection, refused } from './model-fixtures';

const ann = 'ann@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
});
afterAll(async () => {
  await p.close();
});

const after = async (count: number): Promise<RecordedEvent[]> => (await p.events()).slice(count);
const count = async () => (await p.events()).length;

describe('a fresh install (no models yet)', () => {
  it('reads empty sections: no models, every default unset as an empty string', async () => {
    const configs = await p.configsNow(ann);
    expect(configs.data.supportedModels).toEqual({});
    expect(configs.data.defaultModels).toEqual(unsetDefaultModels());
    expect(configs.meta['supportedModels']).toEqual({ version: 0, changedBy: null, changedAt: null });
  });

  it('admins can still be saved: the cross-tab rules apply only to saves touching models or defaults', async () => {
    const { status } = await p.save(ann, [{ type: 'admins', data: [ann, 'bob@example.com'] }]);
    expect(status).toBe(200);
  });

  it('models without defaults are refused: all defaults but agent must be set; nothing appended', async () => {
    const before = await count();
    const { status, body } = await p.save(ann, [modelsSection(keyed(gpt, mini, embed))]);
    expect(status).toBe(400);
    expect(body.message).toBe(adminMessages.partialSaveFailed(['Supported Models']));
    expect(body.data['supportedModels']).toEqual(refused(adminMessages.defaultModelsNotSet));
    expect(await after(before)).toEqual([]);
  });

  it('models none of which is available are refused with the spec message; nothing appended', async () => {
    const before = await count();
    const { status, body } = await p.save(ann, [
      modelsSection(keyed({ ...gpt, isAvailable: false }, embed)),
      defaultsSection(defaults),
    ]);
    expect(status).toBe(400);
    expect(body.data).toEqual({
      supportedModels: refused(
        "No models were made available. To enable chat, update the models under the 'Supported Models' tab.",
      ),
      defaultModels: refused(adminMessages.noAvailableModels),
    });
    expect(await after(before)).toEqual([]);
  });

  it('a model with a required field missing fails with the spec message; the defaults beside it fail the cross-tab rule', async () => {
    const before = await count();
    const { status, body } = await p.save(ann, [
      modelsSection(keyed(gpt, { ...mini, provider: '' }, embed)),
      defaultsSection(defaults),
    ]);
    expect(status).toBe(400);
    expect(body.data).toEqual({
      supportedModels: refused(adminMessages.modelRequiredFields),
      defaultModels: refused(adminMessages.noAvailableModels),
    });
    expect(await after(before)).toEqual([]);
  });

  it.each([
    [
      'a negative window',
      { inputContextWindow: -1 },
      /^configurations\.0\.data\.gpt-4o\.inputContextWindow: /,
    ],
    [
      'a cost that is not a number',
      { inputTokenCost: 'cheap' },
      /^configurations\.0\.data\.gpt-4o\.inputTokenCost: /,
    ],
    ['an empty group name', { exclusiveGroupAvailability: [''] }, /exclusiveGroupAvailability\.0: /],
  ])('bad input (%s): 400 naming the field, nothing appended', async (_what, fields, message) => {
    const before = await count();
    const res = await p.save(ann, [
      modelsSection({ 'gpt-4o': { ...gpt, ...fields } as Model }),
      defaultsSection(defaults),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await after(before)).toEqual([]);
  });

  it('models and defaults saved together: fine-grained events, read back as saved', async () => {
    const before = await count();
    const { status, body } = await p.save(ann, [
      modelsSection(keyed(gpt, mini, { ...embed, supportsImages: true })),
      defaultsSection(defaults),
    ]);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      supportedModels: { success: true, version: 3 },
      defaultModels: { success: true, version: 4 },
    });
    const appended = await after(before);
    expect(appended.map((e) => [e.streamId, e.type])).toEqual([
      [supportedModelsStreamId, 'ModelAdded'],
      [supportedModelsStreamId, 'ModelAdded'],
      [supportedModelsStreamId, 'ModelAdded'],
      [defaultModelsStreamId, 'DefaultModelSet'],
      [defaultModelsStreamId, 'DefaultModelSet'],
      [defaultModelsStreamId, 'DefaultModelSet'],
      [defaultModelsStreamId, 'DefaultModelSet'],
    ]);
    const configs = await p.configs(ann, body.position);
    // The embedding model's images toggle is not shown: stored false.
    expect(configs.data.supportedModels).toEqual(keyed(gpt, mini, embed));
    expect(configs.data.defaultModels).toEqual(defaults);
    expect(configs.meta['defaultModels']).toMatchObject({ version: 4, changedBy: ann });
  });
});

describe('editing models', () => {
  it('an edit appends only the changed fields, availability and groups as their own facts', async () => {
    const before = await count();
    const edited = {
      ...mini,
      description: 'Small',
      outputTokenLimit: 16000,
      exclusiveGroupAvailability: ['Staff'],
    };
    const { status, body } = await p.save(ann, [modelsSection(keyed(gpt, edited, embed), 3)]);
    expect(status).toBe(200);
    expect((await after(before)).map((e) => [e.type, e.data])).toEqual([
      ['ModelUpdated', { id: 'gpt-4o-mini', changes: { description: 'Small', outputTokenLimit: 16000 } }],
      ['ModelGroupAvailabilityAdded', { id: 'gpt-4o-mini', group: 'Staff' }],
    ]);
    const configs = await p.configs(ann, body.position);
    expect(configs.data.supportedModels['gpt-4o-mini']).toEqual(edited);
  });

  it('making a default model unavailable without changing the defaults is refused; nothing appended', async () => {
    const loaded = await p.configsNow(ann);
    const before = await count();
    const models = { ...loaded.data.supportedModels, 'gpt-4o-mini': { ...mini, isAvailable: false } };
    const { status, body } = await p.save(ann, [modelsSection(models)]);
    expect(status).toBe(400);
    expect(body.data['supportedModels']).toEqual(
      refused(platformMessages.defaultModelUnfit('Simple Task Model', 'gpt-4o-mini')),
    );
    expect(await after(before)).toEqual([]);
  });

  it('... and accepted when the same save moves the default', async () => {
    const loaded = await p.configsNow(ann);
    const models = {
      ...loaded.data.supportedModels,
      'gpt-4o-mini': { ...loaded.data.supportedModels['gpt-4o-mini']!, isAvailable: false },
    };
    const { status, body } = await p.save(ann, [
      modelsSection(models),
      defaultsSection({ ...loaded.data.defaultModels, cheapest: 'gpt-4o' }),
    ]);
    expect(status).toBe(200);
    const configs = await p.configs(ann, body.position);
    expect(configs.data.supportedModels['gpt-4o-mini']?.isAvailable).toBe(false);
    expect(configs.data.defaultModels.cheapest).toBe('gpt-4o');
  });

  it('clearing a required default is refused; clearing is written as an empty string', async () => {
    const loaded = await p.configsNow(ann);
    const before = await count();
    const { body } = await p.save(ann, [defaultsSection({ ...loaded.data.defaultModels, embeddings: '' })]);
    expect(body.data['defaultModels']).toEqual(refused(adminMessages.defaultModelsNotSet));
    expect(await after(before)).toEqual([]);
  });

  it('a cachedDocuments flag saved alongside makes documentCaching required, and a fit model satisfies it', async () => {
    const loaded = await p.configsNow(ann);
    const flags = {
      ...loaded.data.featureFlags,
      cachedDocuments: { enabled: false, userExceptions: [], amplifyGroupExceptions: [] },
    };
    const before = await count();
    const first = await p.save(ann, [
      { type: 'featureFlags', data: flags },
      defaultsSection(loaded.data.defaultModels),
    ]);
    expect(first.body.data['defaultModels']).toEqual(refused(adminMessages.defaultModelsNotSet));
    // The flags section itself breaks no rule of its own: it is saved.
    expect(first.body.data['featureFlags']).toEqual({ success: true, version: 1 });
    expect((await after(before)).map((e) => e.streamId)).toEqual(['config-featureFlags']);

    const second = await p.save(ann, [
      defaultsSection({ ...loaded.data.defaultModels, documentCaching: 'gpt-4o-mini' }),
    ]);
    expect(second.status).toBe(200);
    expect((await p.configs(ann, second.body.position)).data.defaultModels.documentCaching).toBe(
      'gpt-4o-mini',
    );
  });

  it('an unchanged save appends nothing', async () => {
    const loaded = await p.configsNow(ann);
    const before = await count();
    const { status, body } = await p.save(ann, [
      modelsSection(loaded.data.supportedModels, loaded.meta['supportedModels']?.version),
      defaultsSection(loaded.data.defaultModels),
    ]);
    expect(status).toBe(200);
    expect(body.position).toBe('0');
    expect(await after(before)).toEqual([]);
  });
});
