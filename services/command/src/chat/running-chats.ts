/** One generation this process serves: stopped by a kill switch or by the server shutting down. */
export interface RunningChat {
  readonly signal: AbortSignal;
  stop(): void;
  /** The request is over (answered, refused or ended): no longer waited for at shutdown. */
  done(): void;
}

export interface RunningChats {
  start(): RunningChat;
  /** Stops every generation and waits, at most `waitMs`, for each to record its end. */
  stopAll(waitMs: number): Promise<void>;
  readonly size: number;
}

export const createRunningChats = (): RunningChats => {
  const runs = new Map<RunningChat, Promise<void>>();
  return {
    start: () => {
      const controller = new AbortController();
      let finish = () => undefined as void;
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const run: RunningChat = {
        signal: controller.signal,
        stop: () => controller.abort(),
        done: () => {
          runs.delete(run);
          finish();
        },
      };
      runs.set(run, finished);
      return run;
    },
    stopAll: async (waitMs) => {
      const waiting = [...runs.entries()];
      for (const [run] of waiting) run.stop();
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      });
      await Promise.race([Promise.all(waiting.map(([, finished]) => finished)), bound]);
      clearTimeout(timer);
    },
    get size() {
      return runs.size;
    },
  };
};
