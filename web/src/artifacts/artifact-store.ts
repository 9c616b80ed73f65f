import { createStore, get, set, type UseStore } from 'idb-keyval';
import { artifactTypes } from '@app/contracts';
import type { Artifact } from './artifact';

/**
 * Artifacts are kept in this browser (IndexedDB), one entry per user and conversation, so two users
 * of one browser never see each other's.
 */
let store: UseStore | null = null;
const artifactStore = (): UseStore => (store ??= createStore('amplify-artifacts', 'artifacts'));

const keyOf = (email: string, conversationId: string) => `${email}\u0000${conversationId}`;

const isArtifact = (v: unknown): v is Artifact => {
  if (typeof v !== 'object' || v === null) return false;
  const a = v as Record<string, unknown>;
  return (
    typeof a['id'] === 'string' &&
    typeof a['name'] === 'string' &&
    typeof a['content'] === 'string' &&
    typeof a['version'] === 'number' &&
    artifactTypes.some((t) => t === a['type'])
  );
};

export async function readArtifacts(email: string, conversationId: string): Promise<Artifact[]> {
  const value = await get<unknown>(keyOf(email, conversationId), artifactStore());
  return Array.isArray(value) ? value.filter(isArtifact) : [];
}

export const writeArtifacts = (email: string, conversationId: string, artifacts: Artifact[]): Promise<void> =>
  set(keyOf(email, conversationId), artifacts, artifactStore());
