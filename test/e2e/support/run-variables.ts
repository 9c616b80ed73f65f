/** The environment variable naming the run's shared Chromium (test/global-setup.ts launches it). */
export const BROWSER_ENDPOINT_VARIABLE = 'E2E_BROWSER_WS_ENDPOINT';

/** The environment variable naming a folder of the run that the browser test files share. */
export const SHARED_DIR_VARIABLE = 'E2E_SHARED_DIR';
