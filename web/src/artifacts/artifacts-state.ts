import { atom } from 'jotai';
import { activeConversationIdAtom, userEmailAtom } from '../state/active-conversation';
import { saveDraft, type Artifact, type ArtifactDraft, type SaveResult } from './artifact';
import { readArtifacts, writeArtifacts } from './artifact-store';

/** The conversation artifacts are kept under while it has no id yet. */
const unsavedConversation = 'new-conversation';

/** The active conversation's key for its artifacts. */
export const artifactConversationAtom = atom((get) => get(activeConversationIdAtom) ?? unsavedConversation);

/** Artifacts read so far, by conversation. */
export const artifactsByConversationAtom = atom<Record<string, Artifact[]>>({});

export const artifactsAtom = atom(
  (get) => get(artifactsByConversationAtom)[get(artifactConversationAtom)] ?? null,
);

export const loadArtifactsAtom = atom(null, async (get, set) => {
  const conversation = get(artifactConversationAtom);
  const found = await readArtifacts(get(userEmailAtom), conversation);
  set(artifactsByConversationAtom, (all) => ({ ...all, [conversation]: found }));
});

/** Saves a draft in the active conversation (a revision keeps its id) and keeps it in the browser. */
export const saveArtifactAtom = atom(null, async (get, set, draft: ArtifactDraft): Promise<SaveResult> => {
  const conversation = get(artifactConversationAtom);
  const email = get(userEmailAtom);
  const current = await readArtifacts(email, conversation);
  const result = saveDraft(current, draft, new Date().toISOString());
  if (!result.ok) return result;
  await writeArtifacts(email, conversation, result.artifacts);
  set(artifactsByConversationAtom, (all) => ({ ...all, [conversation]: result.artifacts }));
  return result;
});
