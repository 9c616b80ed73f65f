import { randomUUID } from 'node:crypto';
import { systemActor, type EventMetadata, type SectionType } from '@app/contracts';
import type { Db, SecretBox } from '@app/platform';
import { chatModelConfigurations } from '@app/platform/testing';
import { parseSection, sectionHandlers } from '../../src/configurations/sections';

type SaveOptions = { metadata: EventMetadata; secrets: SecretBox };

const metadata = (): EventMetadata => {
  const id = randomUUID();
  return {
    actor: systemActor,
    commandId: id,
    correlationId: id,
    causationId: id,
    requestId: id,
    schemaVersion: 1,
  };
};

/**
 * Configures, as the dialog would (each section its own command, keys sealed with `secrets`): the
 * test chat model, the default embeddings model 'text-embedding-3-small' and its endpoints `urls`.
 */
export const configureEmbeddings = async (db: Db, secrets: SecretBox, urls: readonly string[]) => {
  const sections = chatModelConfigurations(urls[0] ?? 'http://127.0.0.1:9/v1/chat/completions', {
    embeddingsUrls: urls,
  });
  for (const { type, data } of sections) {
    const t = type as SectionType;
    // parseSection answers the data typed for `t`, the handler of `t` takes exactly that.
    const save = sectionHandlers[t] as unknown as (db: Db, d: unknown, o: SaveOptions) => Promise<unknown>;
    await save(db, parseSection(t, data), { metadata: metadata(), secrets });
  }
};
