import {
  adminMessages,
  displayUrl,
  type OpenAiEndpointsSection,
  type TestEndpointRequest,
} from '@app/contracts';

/** A new endpoint to test before saving: one that will be saved (a url, a key and a model name). */
export interface PlannedTest {
  model: string;
  url: string;
  key: string;
}

export interface TestOutcome {
  model: string;
  url: string;
  success: boolean;
  /** The spec's words for a failure (the url, never the key). */
  message: string;
  /** Briefly why it failed (a status, a refusal, a timeout). */
  reason?: string;
}

/** The endpoints added in this dialog that a save would keep (an empty url or key is dropped). */
export const endpointsToTest = (section: OpenAiEndpointsSection): PlannedTest[] =>
  section.models.flatMap((entry) =>
    Object.entries(entry).flatMap(([name, { endpoints }]) =>
      endpoints
        .filter((e) => e.isNew === true && e.url.trim() !== '' && e.key !== '' && name.trim() !== '')
        .map((e) => ({ model: name.trim(), url: e.url.trim(), key: e.key })),
    ),
  );

export const testRequest = (test: PlannedTest): TestEndpointRequest => ({
  url: test.url,
  key: test.key,
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
