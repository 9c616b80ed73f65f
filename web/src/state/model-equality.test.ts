import { describe, expect, it } from 'vitest';
import { defaultModel, type Model } from '@app/contracts';
import { sameModel, sameSupportedModels } from './model-equality';

const model = (id: string, over: Partial<Model> = {}): Model => ({
  ...defaultModel(),
  id,
  name: id,
  ...over,
});

describe('sameSupportedModels', () => {
  it('ignores key order and the order of a model’s Amplify groups', () => {
    const a = { x: model('x', { exclusiveGroupAvailability: ['A', 'B'] }), y: model('y') };
    const b = { y: model('y'), x: model('x', { exclusiveGroupAvailability: ['B', 'A'] }) };
    expect(sameSupportedModels(a, b)).toBe(true);
  });

  it('sees a changed field, a model more or a different id', () => {
    const a = { x: model('x') };
    expect(sameSupportedModels(a, { x: model('x', { isAvailable: true }) })).toBe(false);
    expect(sameSupportedModels(a, { x: model('x'), y: model('y') })).toBe(false);
    expect(sameSupportedModels(a, { z: model('x') })).toBe(false);
  });

  it('compares models field by field', () => {
    expect(sameModel(model('x', { inputTokenCost: 0.001 }), model('x', { inputTokenCost: 0.002 }))).toBe(
      false,
    );
    expect(sameModel(model('x', { exclusiveGroupAvailability: ['A'] }), model('x'))).toBe(false);
  });
});
