import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll and vi.waitFor wait for a state the code reaches when the machine gets to it: on a
    // busy 2-core machine (another npm ci, another platform) that can take far longer than the 1 s
    // default. A test never asserts time; it waits, bounded, for what it needs.
    expect: { poll: { timeout: 15_000 } },
    // One worker per core, shared by all three projects: they run as one group (vitest groups
    // projects by worker count), so a core never idles while another project's files wait.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['contracts/**/*.test.ts', 'services/*/test/unit/**/*.test.ts', 'web/src/**/*.test.ts'],
          // Unit tests keep no state between files (each restores the timers and globals it stubs), so
          // the files of a worker share one module graph: each module loads once per worker, not once
          // per file, which was most of the project's time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['services/*/test/integration/**/*.test.ts'],
          // Each file works on a database of its own and closes the servers it started; none mocks a
          // module or stubs the environment: the files of a worker share one module graph (the
          // platform's modules load once per worker, not once per file, which was most of the time).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The chat's integration tests again, on two app instances over one database and one
          // Redis (as two cluster workers): requests take turns, a stop lands on another instance
          // than its request, another instance follows each stream (support-chat/chat-instances.ts).
          // Only the files on the chat test platforms: the stream stores' own files test two stores
          // already, and chat-failover's endpoint pool test asserts one process's round robin (each
          // instance keeps its own turn).
          name: 'integration-2',
          include: ['services/command/test/integration/chat-*.test.ts'],
          exclude: [
            'services/command/test/integration/chat-streams-*.test.ts',
            'services/command/test/integration/chat-state-cache.test.ts',
            'services/command/test/integration/chat-tools.test.ts',
            'services/command/test/integration/chat-failover.test.ts',
          ],
          env: { TEST_INSTANCES: '2' },
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          // Each file starts a platform of its own on a database of its own and closes what it opened,
          // so the files of a worker share one module graph (the platform's modules load once per
          // worker, not once per file). They all use the run's one Chromium (test/global-setup.ts).
          isolate: false,
        },
      },
    ],
  },
});
