import {
  byNameLengthDescending,
  EndpointTestView,
  endpointTestStatuses,
  maskOf,
  nameMapFrom,
  type NamedValuesSection,
  type OpenAiEndpointsSection,
} from '@app/contracts';
import type { Db } from '@app/platform';

const namedValues = async (
  db: Db,
  table: 'rm_application_variables' | 'rm_application_secrets',
): Promise<NamedValuesSection> => {
  const rows = await db.selectFrom(table).select(['name', 'last4']).execute();
  return nameMapFrom(
    rows
      .sort((a, b) => byNameLengthDescending(a.name, b.name))
      .map((r) => [r.name, maskOf(r.last4)] as const),
  );
};

/** Application Environment Variables, longest name first, every value masked. */
export const readApplicationVariables = (db: Db): Promise<NamedValuesSection> =>
  namedValues(db, 'rm_application_variables');

/** Application Secrets, longest name first, every value masked. */
export const readApplicationSecrets = (db: Db): Promise<NamedValuesSection> =>
  namedValues(db, 'rm_application_secrets');

/** The models in the order they were added, each with its endpoints; every key masked ('' for a keyless one). */
export const readOpenAiEndpoints = async (db: Db): Promise<OpenAiEndpointsSection> => {
  const [models, endpoints] = await Promise.all([
    db.selectFrom('rm_openai_models').select('name').orderBy('position').execute(),
    db
      .selectFrom('rm_openai_endpoints')
      .select(['model', 'url', 'last4', 'key_fingerprint'])
      .orderBy('position')
      .execute(),
  ]);
  return {
    models: models.map((m) =>
      nameMapFrom([
        [
          m.name,
          {
            endpoints: endpoints
              .filter((e) => e.model === m.name)
              .map((e) => ({ url: e.url, key: e.key_fingerprint === '' ? '' : maskOf(e.last4) })),
          },
        ],
      ]),
    ),
  };
};

/** One endpoint test as the endpointTests read model holds it, or null. */
export const readEndpointTest = async (db: Db, testId: string): Promise<EndpointTestView | null> => {
  const r = await db
    .selectFrom('rm_endpoint_tests')
    .selectAll()
    .where('test_id', '=', testId)
    .executeTakeFirst();
  if (!r) return null;
  const status = endpointTestStatuses.find((s) => s === r.status) ?? 'pending';
  return EndpointTestView.parse({
    testId: r.test_id,
    url: r.url,
    model: r.model,
    status,
    message: r.message,
    reason: r.reason,
    requestedBy: r.requested_by,
    requestedAt: r.requested_at.toISOString(),
    finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
  });
};
