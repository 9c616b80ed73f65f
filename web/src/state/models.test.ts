import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';

const fetchAvailableModels = vi.fn();
vi.mock('../api/user-config', () => ({ fetchAvailableModels }));

const { loadModelsAtom, modelsErrorAtom, modelsSettledAtom } = await import('./models');
const { availableModelsAtom } = await import('./user-config');

const models = { models: [], default: null };

describe("reading the user's models", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fetchAvailableModels.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('is not settled while it reads: nothing says there is no model yet', () => {
    fetchAvailableModels.mockReturnValue(new Promise(() => undefined));
    const store = createStore();
    void store.set(loadModelsAtom);
    expect(store.get(modelsSettledAtom)).toBe(false);
  });

  it('tries a failed reading again and shows no error once one succeeds', async () => {
    fetchAvailableModels
      .mockRejectedValueOnce(new Error('restarting'))
      .mockRejectedValueOnce(new Error('restarting'))
      .mockResolvedValueOnce(models);
    const store = createStore();
    const done = store.set(loadModelsAtom);
    await vi.runAllTimersAsync();
    await done;
    expect(fetchAvailableModels).toHaveBeenCalledTimes(3);
    expect(store.get(availableModelsAtom)).toEqual(models);
    expect(store.get(modelsErrorAtom)).toBeNull();
    expect(store.get(modelsSettledAtom)).toBe(true);
  });

  it('says why after the last try fails', async () => {
    fetchAvailableModels.mockRejectedValue(new Error('The server is down'));
    const store = createStore();
    const done = store.set(loadModelsAtom);
    await vi.runAllTimersAsync();
    await done;
    expect(fetchAvailableModels).toHaveBeenCalledTimes(4);
    expect(store.get(modelsErrorAtom)).toMatch(/server is down/);
    expect(store.get(modelsSettledAtom)).toBe(true);
  });
});
