import { describe, expect, it } from 'vitest';
import { adminMessages, maskOf, platformMessages, type OpenAiEndpointsSection } from '@app/contracts';
import {
  addEndpoint,
  addModel,
  addPickedModel,
  canDeleteModel,
  deleteEndpoints,
  deleteModel,
  modelsOf,
  renameModel,
  savedEndpointIndex,
  setNewEndpoint,
  toSection,
  unlistedModelIds,
  type ModelView,
} from './endpoint-edits';

const saved = { url: 'https://a.example.com/v1/chat/completions', key: maskOf('abcd') };
const other = { url: 'https://b.example.com/v1/chat/completions', key: maskOf('wxyz') };
const models: ModelView[] = [
  { name: 'gpt-4o', endpoints: [saved, other] },
  { name: 'empty', endpoints: [] },
];

describe('the section as a list of models', () => {
  it('reads and writes the spec entity, keeping the order', () => {
    const section: OpenAiEndpointsSection = {
      models: [{ 'gpt-4o': { endpoints: [saved] } }, { b: { endpoints: [] } }],
    };
    expect(modelsOf(section)).toEqual([
      { name: 'gpt-4o', endpoints: [saved] },
      { name: 'b', endpoints: [] },
    ]);
    expect(toSection(modelsOf(section))).toEqual(section);
  });
});

describe('addModel', () => {
  it("adds a model named 'modelid'", () => {
    const result = addModel(models);
    expect(result).toEqual({ ok: true, models: [...models, { name: 'modelid', endpoints: [] }] });
  });

  it("refuses a second 'modelid' with the spec's message", () => {
    const result = addModel([...models, { name: 'modelid', endpoints: [] }]);
    expect(result).toEqual({ ok: false, message: adminMessages.openAiModelNameExists('modelid') });
  });
});

describe('addEndpoint', () => {
  it("refuses the default name 'modelid'", () => {
    expect(addEndpoint([{ name: 'modelid', endpoints: [] }], 0)).toEqual({
      ok: false,
      message: adminMessages.openAiDefaultModelName,
    });
  });

  it('refuses a name another model has', () => {
    expect(addEndpoint([...models, { name: ' gpt-4o ', endpoints: [] }], 2)).toEqual({
      ok: false,
      message: adminMessages.openAiModelNameExists('gpt-4o'),
    });
  });

  it('refuses an empty name', () => {
    expect(addEndpoint([{ name: ' ', endpoints: [] }], 0)).toEqual({
      ok: false,
      message: platformMessages.openAiModelNameRequired,
    });
  });

  it('adds a new empty pair (marked new) and trims the name', () => {
    const result = addEndpoint([{ name: ' mine ', endpoints: [] }], 0);
    expect(result).toEqual({
      ok: true,
      models: [{ name: 'mine', endpoints: [{ url: '', key: '', isNew: true }] }],
    });
  });
});

describe('renaming', () => {
  it('renames a model without endpoints only', () => {
    expect(renameModel(models, 1, 'renamed')[1]?.name).toBe('renamed');
    expect(renameModel(models, 0, 'renamed')[0]?.name).toBe('gpt-4o');
  });
});

describe('editing endpoints', () => {
  it('edits the url and key of a new endpoint only', () => {
    const added = addEndpoint(models, 1);
    if (!added.ok) throw new Error(added.message);
    const edited = setNewEndpoint(added.models, 1, 0, { url: 'http://x/v1', key: 'k' });
    expect(edited[1]?.endpoints).toEqual([{ url: 'http://x/v1', key: 'k', isNew: true }]);
    expect(setNewEndpoint(models, 0, 0, { url: 'http://changed' })[0]?.endpoints[0]).toEqual(saved);
  });

  it('deletes the selected endpoints', () => {
    expect(deleteEndpoints(models, 0, new Set([0]))[0]?.endpoints).toEqual([other]);
    expect(deleteEndpoints(models, 0, new Set([0, 1]))[0]?.endpoints).toEqual([]);
  });
});

describe('deleteModel', () => {
  it('deletes a model only when it has no endpoints', () => {
    expect(canDeleteModel(models[0]!)).toBe(false);
    expect(deleteModel(models, 0)).toEqual(models);
    expect(deleteModel(models, 1)).toEqual([models[0]]);
  });
});

describe('savedEndpointIndex', () => {
  it('finds a saved endpoint where the server lists it, never a new one', () => {
    const shown = deleteEndpoints(models, 0, new Set([0]));
    expect(savedEndpointIndex(models, 'gpt-4o', shown[0]!.endpoints[0]!)).toBe(1);
    expect(savedEndpointIndex(models, 'gpt-4o', { ...other, isNew: true })).toBeNull();
    expect(savedEndpointIndex(models, 'unknown', other)).toBeNull();
  });
});

describe('a model picked from Supported Models', () => {
  it('offers the supported ids the tab has no entry for yet, in their order', () => {
    expect(unlistedModelIds(['llama', 'gpt-4o', 'empty', 'qwen'], models)).toEqual(['llama', 'qwen']);
    expect(unlistedModelIds([], models)).toEqual([]);
  });

  it('adds the picked model with one new url and key pair to fill in', () => {
    expect(addPickedModel(models, 'llama')).toEqual({
      ok: true,
      models: [...models, { name: 'llama', endpoints: [{ url: '', key: '', isNew: true }] }],
    });
  });

  it("keeps the name rules: a name in use, the default 'modelid' and an empty name are refused", () => {
    expect(addPickedModel(models, 'gpt-4o')).toEqual({
      ok: false,
      message: adminMessages.openAiModelNameExists('gpt-4o'),
    });
    expect(addPickedModel(models, 'modelid')).toEqual({
      ok: false,
      message: adminMessages.openAiDefaultModelName,
    });
    expect(addPickedModel(models, ' ')).toEqual({
      ok: false,
      message: platformMessages.openAiModelNameRequired,
    });
  });
});
