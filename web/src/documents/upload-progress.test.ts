import { describe, expect, it } from 'vitest';
import {
  initialUploadProgress,
  uploadProgress,
  type UploadAction,
  type UploadProgress,
} from './upload-progress';

const run = (...actions: UploadAction[]): UploadProgress =>
  actions.reduce(uploadProgress, initialUploadProgress());

describe('upload progress (second spec, sections 4 and 9)', () => {
  it('appears at 0 while sending', () => {
    expect(initialUploadProgress()).toEqual({ phase: 'sending', percent: 0, message: null });
  });

  it('rises in steps of 2 with the bytes sent, never past 95, never back', () => {
    expect(run({ type: 'progress', loaded: 1, total: 10 }).percent).toBe(8);
    expect(run({ type: 'progress', loaded: 10, total: 10 }).percent).toBe(94);
    expect(
      run({ type: 'progress', loaded: 9, total: 10 }, { type: 'progress', loaded: 2, total: 10 }).percent,
    ).toBe(84);
    const ticks = Array.from({ length: 60 }, (): UploadAction => ({ type: 'tick' }));
    expect(run(...ticks.slice(0, 3)).percent).toBe(6);
    expect(run(...ticks).percent).toBe(94);
  });

  it('then awaits processing at 95, then reaches 100', () => {
    const sent = run({ type: 'progress', loaded: 10, total: 10 }, { type: 'sent' });
    expect(sent).toEqual({ phase: 'processing', percent: 95, message: null });
    expect(uploadProgress(sent, { type: 'tick' })).toBe(sent);
    expect(uploadProgress(sent, { type: 'done' })).toEqual({ phase: 'done', percent: 100, message: null });
  });

  it('goes straight to 100 when processing is not awaited', () => {
    expect(run({ type: 'done' }).percent).toBe(100);
  });

  it('keeps where it was when it fails or is cancelled, and nothing moves it afterwards', () => {
    const failed = run(
      { type: 'progress', loaded: 1, total: 2 },
      { type: 'failed', message: 'Upload failed' },
    );
    expect(failed).toEqual({ phase: 'failed', percent: 46, message: 'Upload failed' });
    expect(uploadProgress(failed, { type: 'done' })).toBe(failed);
    const cancelled = run({ type: 'sent' }, { type: 'cancelled', message: 'Upload file aborted' });
    expect(cancelled.phase).toBe('cancelled');
    expect(uploadProgress(cancelled, { type: 'failed', message: 'x' })).toBe(cancelled);
  });
});
