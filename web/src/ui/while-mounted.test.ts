import { describe, expect, it, vi } from 'vitest';
import { whileMounted } from './while-mounted';

describe('whileMounted', () => {
  it('hands the result on while mounted', async () => {
    const onDone = vi.fn();
    whileMounted(Promise.resolve(3), onDone);
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(3));
  });

  it('hands the error on while mounted', async () => {
    const onFailed = vi.fn();
    const error = new Error('no');
    whileMounted(Promise.reject(error), vi.fn(), onFailed);
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalledWith(error));
  });

  it('hands nothing on once cleaned up, and swallows an error nobody asked for', async () => {
    const onDone = vi.fn();
    const onFailed = vi.fn();
    whileMounted(Promise.resolve(1), onDone, onFailed)();
    whileMounted(Promise.reject(new Error('late')), onDone, onFailed)();
    whileMounted(Promise.reject(new Error('unheard')), onDone);
    await new Promise((r) => setTimeout(r, 0));
    expect(onDone).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();
  });
});
