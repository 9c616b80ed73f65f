import { describe, expect, it } from 'vitest';
import { UserModel } from '@app/contracts';
import {
  allModelOptions,
  modelOptionLabel,
  pricePer1k,
  preselectedModelId,
  toggleHidden,
  visibleModelOptions,
} from './model-options';
import { defaultAccountFirst } from './account-order';

const model = (id: string, name: string, over: Partial<UserModel> = {}) =>
  UserModel.parse({ id, name, outputTokenLimit: 4096, ...over });

const models = [
  model('z', 'Zeta', { inputTokenCost: 0.02, outputTokenCost: 0.06, outputTokenLimit: 200_000 }),
  model('a', 'Alpha', { inputTokenCost: 0.0001, outputTokenCost: 0.0004, outputTokenLimit: 1000 }),
  model('m', 'Mu', { inputTokenCost: 0.005, outputTokenCost: 0.001 }),
];

describe('the model selector', () => {
  it('lists the models by name, each with its cost tier and output-limit tier', () => {
    expect(allModelOptions(models).map(modelOptionLabel)).toEqual([
      'Alpha · cheap · below average output',
      'Mu · moderate · average output',
      'Zeta · expensive · large output',
    ]);
  });

  it('leaves the hidden models out (the pricing view lists them all)', () => {
    expect(visibleModelOptions(models, ['m']).map((o) => o.model.id)).toEqual(['a', 'z']);
    expect(allModelOptions(models)).toHaveLength(3);
  });

  it('preselects the model chosen before, else the default model, else the first', () => {
    const options = visibleModelOptions(models, ['m']);
    expect(preselectedModelId(options, 'z', 'a')).toBe('z');
    expect(preselectedModelId(options, null, 'z')).toBe('z');
    expect(preselectedModelId(options, 'm', 'm')).toBe('a');
    expect(preselectedModelId([], null, 'a')).toBeNull();
  });

  it('shows prices per 1k tokens with 4 decimals, more when the price needs them', () => {
    expect([0, 0.03, 0.0005, 0.000123, 1.5].map(pricePer1k)).toEqual([
      '$0.0000',
      '$0.0300',
      '$0.0005',
      '$0.000123',
      '$1.5000',
    ]);
  });

  it('hides and shows a model in the saved list, without duplicates', () => {
    expect(toggleHidden(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleHidden(['a', 'b'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleHidden(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});

describe('the account picker', () => {
  it("puts the default 'No COA On File' account first, and adds it when the server left it out", () => {
    const mine = { id: 'coa-1', name: 'Project', rateLimit: { period: 'Unlimited' as const, rate: null } };
    expect(defaultAccountFirst([mine]).map((a) => [a.id, a.name])).toEqual([
      ['general_account', 'No COA On File'],
      ['coa-1', 'Project'],
    ]);
    const general = { id: 'general_account', name: 'No COA On File', rateLimit: mine.rateLimit };
    expect(defaultAccountFirst([mine, general]).map((a) => a.id)).toEqual(['general_account', 'coa-1']);
  });
});
