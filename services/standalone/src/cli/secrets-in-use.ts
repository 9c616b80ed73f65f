import { applicationSecretsDecider, applicationVariablesDecider, openaiEndpointsDecider } from '@app/command';
import {
  applicationSecretsStreamId,
  applicationVariablesStreamId,
  openaiEndpointsStreamId,
  type SealedSecret,
} from '@app/contracts';
import { readStream, type Db } from '@app/platform';

const fold = async <S, E>(
  db: Db,
  decider: { evolve: (s: S, e: E) => S; initialState: () => S },
  streamId: string,
): Promise<S> =>
  (await readStream(db, streamId))
    .map((e) => e as unknown as E)
    .reduce(decider.evolve, decider.initialState());

/** Every sealed value the configuration holds now (the three secret sections, folded from the log). */
export const sealedValuesInUse = async (db: Db): Promise<SealedSecret[]> => {
  const secrets = await fold(db, applicationSecretsDecider, applicationSecretsStreamId);
  const variables = await fold(db, applicationVariablesDecider, applicationVariablesStreamId);
  const endpoints = await fold(db, openaiEndpointsDecider, openaiEndpointsStreamId);
  return [
    ...Object.values(secrets),
    ...Object.values(variables),
    ...endpoints.flatMap((m) =>
      m.endpoints.flatMap((e) => [...(e.key ? [e.key] : []), ...(e.urlSecret ? [e.urlSecret] : [])]),
    ),
  ];
};
