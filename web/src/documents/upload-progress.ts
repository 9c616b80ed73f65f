/**
 * An attachment's upload as a pure reducer: it appears at 0, rises
 * in steps of 2 to at most 95 while the bytes are sent, then processing is awaited, then 100.
 */
export const uploadProgressLimits = { cap: 95, step: 2 } as const;

export type UploadPhase = 'sending' | 'processing' | 'done' | 'failed' | 'cancelled';

export interface UploadProgress {
  phase: UploadPhase;
  /** 0 to 100. */
  percent: number;
  /** Why it failed or stopped, in `documentMessages`' words. */
  message: string | null;
}

export type UploadAction =
  /** The browser reported `loaded` of `total` bytes sent. */
  | { type: 'progress'; loaded: number; total: number }
  /** Time passed while sending: one more step, up to the cap. */
  | { type: 'tick' }
  /** Every byte arrived: processing is awaited. */
  | { type: 'sent' }
  /** Processed (or not awaited, with the upload flag off). */
  | { type: 'done' }
  | { type: 'failed'; message: string }
  | { type: 'cancelled'; message: string };

export const initialUploadProgress = (): UploadProgress => ({ phase: 'sending', percent: 0, message: null });

const { cap, step } = uploadProgressLimits;

/** The step at or below `percent`, never past the cap. */
const stepped = (percent: number): number => Math.min(cap, Math.floor(percent / step) * step);

const ended = (phase: UploadPhase): boolean =>
  phase === 'done' || phase === 'failed' || phase === 'cancelled';

export function uploadProgress(state: UploadProgress, action: UploadAction): UploadProgress {
  if (ended(state.phase)) return state;
  switch (action.type) {
    case 'progress': {
      if (state.phase !== 'sending' || action.total <= 0) return state;
      const sent = stepped((Math.min(action.loaded, action.total) / action.total) * cap);
      return sent > state.percent ? { ...state, percent: sent } : state;
    }
    case 'tick':
      return state.phase === 'sending' && state.percent + step <= cap
        ? { ...state, percent: state.percent + step }
        : state;
    case 'sent':
      return state.phase === 'sending' ? { ...state, phase: 'processing', percent: cap } : state;
    case 'done':
      return { phase: 'done', percent: 100, message: null };
    case 'failed':
      return { ...state, phase: 'failed', message: action.message };
    case 'cancelled':
      return { ...state, phase: 'cancelled', message: action.message };
    default: {
      const never: never = action;
      return never;
    }
  }
}

export const uploadEnded = (state: UploadProgress): boolean => ended(state.phase);
