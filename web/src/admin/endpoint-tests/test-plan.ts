import {
  adminMessages,
  displayUrl,
  type OpenAiEndpointsSection,
  type TestEndpointRequest,
} from '@app/contracts';

/** A new endpoint to test before saving: one a save would keep (a url and a model name; key '' for a keyless server). */
export interface PlannedTest {
  model: string;
  url: string;
  key: string;
}

export interface TestOutcome {
  model: string;
  url: string;
  success: boolean;
  /** The contracts' words for a failure (the url, never the key). */
  message: string;
  /** Briefly why it failed (a status, a refusal, a timeout). */
  reason?: string;
}

/**
 * The endpoints added in this dialog that a save would keep (an empty url is dropped); one without
 * a key is tested too: the server tests a keyless server on an address it allows, and refuses the
 * others with the message the save would give.
 */
export const endpointsToTest = (section: OpenAiEndpointsSection): PlannedTest[] =>
  section.models.flatMap((entry) =>
    Object.entries(entry).flatMap(([name, { endpoints }]) =>
      endpoints
        .filter((e) => e.isNew === true && e.url.trim() !== '' && name.trim() !== '')
        .map((e) => ({ model: name.trim(), url: e.url.trim(), key: e.key })),
    ),
  );

/** The test's request; no key for a keyless server. */
export const testRequest = (test: PlannedTest): TestEndpointRequest => ({
  url: test.url,
  ...(test.key === '' ? {} : { key: test.key }),
  model: test.model,
});

/** A test that could not be run at all (the request failed) is a failed test. */
export const unreachableOutcome = (test: PlannedTest, reason: string): TestOutcome => ({
  model: test.model,
  url: test.url,
  success: false,
  message: adminMessages.endpointTestFailed(displayUrl(test.url)),
  reason,
});
