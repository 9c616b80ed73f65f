import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformMessages, supportedModelsStreamId, systemActor, type RecordedEvent } from '@app/contracts';
import { startTestPlatform, type TestPlatform } from '../../../query/test/support/test-platform';
import { handleCommand } from '../../src/shared/handle-command';
import { supportedModelsDecider } from '../../src/configurations/supported-models';
import {
  defaults,
  defaultsSection,
  embed,
  gpt,
  keyed,
  mini,
  model,
  modelsSection,
  refused,
} from './model-fixtures';

const ann = 'ann@example.com';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
  const { status } = await p.save(ann, [modelsSection(keyed(gpt, mini, embed)), defaultsSection(defaults)]);
  expect(status).toBe(200);
});
afterAll(async () => {
  await p.close();
});

const after = async (count: number): Promise<RecordedEvent[]> => (await p.events()).slice(count);
const count = async () => (await p.events()).length;

describe('built-in models', () => {
  beforeAll(async () => {
    await handleCommand(
      p.database.db,
      supportedModelsDecider,
      supportedModelsStreamId,
      { type: 'SeedBuiltInModels', data: { models: [model('claude-sonnet', { provider: 'Bedrock' })] } },
      {
        metadata: {
          actor: systemActor,
          commandId: 'seed-models',
          correlationId: 'seed-models',
          causationId: 'seed-models',
          requestId: 'test',
          schemaVersion: 1,
        },
      },
    );
  });

  it('is read back marked built-in', async () => {
    expect((await p.configsNow(ann)).data.supportedModels['claude-sonnet']?.isBuiltIn).toBe(true);
  });

  it('cannot be removed: refused with our message, nothing appended', async () => {
    const loaded = await p.configsNow(ann);
    const { ['claude-sonnet']: _builtIn, ...rest } = loaded.data.supportedModels;
    const before = await count();
    const { status, body } = await p.save(ann, [modelsSection(rest)]);
    expect(status).toBe(400);
    expect(body.data['supportedModels']).toEqual(
      refused(platformMessages.builtInModelFixed('claude-sonnet')),
    );
    expect(await after(before)).toEqual([]);
  });

  it('cannot have its id changed (ids are the keys: a new key is a removal), nothing appended', async () => {
    const loaded = await p.configsNow(ann);
    const { ['claude-sonnet']: builtIn, ...rest } = loaded.data.supportedModels;
    const before = await count();
    const renamed = { ...builtIn!, id: 'claude-sonnet-4' };
    const { body } = await p.save(ann, [modelsSection({ ...rest, 'claude-sonnet-4': renamed })]);
    expect(body.data['supportedModels']).toEqual(
      refused(platformMessages.builtInModelFixed('claude-sonnet')),
    );
    expect(await after(before)).toEqual([]);
  });

  it('its other fields may be edited', async () => {
    const loaded = await p.configsNow(ann);
    const claude = loaded.data.supportedModels['claude-sonnet']!;
    const { status, body } = await p.save(ann, [
      modelsSection({
        ...loaded.data.supportedModels,
        'claude-sonnet': { ...claude, description: 'Anthropic' },
      }),
    ]);
    expect(status).toBe(200);
    expect((await p.configs(ann, body.position)).data.supportedModels['claude-sonnet']?.description).toBe(
      'Anthropic',
    );
  });
});

describe('removing models', () => {
  it('a model left out is removed from the read model', async () => {
    const loaded = await p.configsNow(ann);
    const models = { ...loaded.data.supportedModels, extra: model('extra') };
    const added = await p.save(ann, [modelsSection(models)]);
    expect(added.status).toBe(200);
    const { extra: _extra, ...rest } = models;
    const removed = await p.save(ann, [modelsSection(rest)]);
    expect(removed.status).toBe(200);
    expect(Object.keys((await p.configs(ann, removed.body.position)).data.supportedModels)).not.toContain(
      'extra',
    );
  });

  it('a thousand models are saved in one save and read back with the section', async () => {
    const loaded = await p.configsNow(ann);
    const many = Object.fromEntries(
      Array.from({ length: 1000 }, (_, i) => {
        const id = `bulk-${String(i).padStart(4, '0')}`;
        return [id, model(id, { isAvailable: i % 2 === 0 })];
      }),
    );
    const { status, body } = await p.save(ann, [modelsSection({ ...loaded.data.supportedModels, ...many })]);
    expect(status).toBe(200);
    expect(BigInt(body.position)).toBeGreaterThan(0n);
    // Waits for the projections to pass the save, however long a loaded machine takes (`waitFor`
    // gives up after its bound and answers what is there, which is the route's own business).
    const configs = await p.configsNow(ann);
    expect(Object.keys(configs.data.supportedModels)).toHaveLength(
      Object.keys(loaded.data.supportedModels).length + 1000,
    );
    expect(configs.data.supportedModels['bulk-0999']).toEqual(many['bulk-0999']);
  });
});
