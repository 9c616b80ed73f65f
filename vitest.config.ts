import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['contracts/**/*.test.ts', 'services/*/test/unit/**/*.test.ts', 'web/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['services/*/test/integration/**/*.test.ts'],
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          // expect.poll waits for a state the page reaches when the machine gets to it: a busy
          // 2-core machine can take longer than the 1 s default, and a test never asserts time.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
