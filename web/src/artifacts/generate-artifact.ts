import type { ChatRequestInput } from '@app/contracts';
import { askForAnswer } from '../api/chat-answer';
import type { Artifact, ArtifactDraft } from './artifact';

/** The system prompt of an artifact's generation: only the artifact's content comes back. */
export const artifactSystemPrompt =
  'You write artifacts: self-contained documents or code that the user keeps and downloads. ' +
  'Follow the instructions. Answer with only the content of the artifact, in the format its type names: ' +
  'no explanation before or after it and no code fence around it.';

/** Room for an artifact in the answer. */
export const artifactMaxTokens = 4000;

/** The chat request that writes an artifact: its instructions, and the artifacts it builds on. */
export const artifactRequest = (
  model: string,
  draft: Pick<ArtifactDraft, 'name' | 'description' | 'type' | 'instructions' | 'content'>,
  included: readonly Pick<Artifact, 'id' | 'name' | 'content'>[],
  requestId: string,
): ChatRequestInput => {
  const parts = [
    `Artifact: ${draft.name} (type: ${draft.type})`,
    draft.description === '' ? '' : `Description: ${draft.description}`,
    `Instructions: ${draft.instructions}`,
    draft.content === '' ? '' : `The current content, to revise:\n${draft.content}`,
    ...included.map((a) => `Artifact ${a.id} (${a.name}) to build on:\n${a.content}`),
  ];
  return {
    model,
    temperature: 0.7,
    max_tokens: artifactMaxTokens,
    stream: true,
    dataSources: [],
    messages: [
      { role: 'system', content: artifactSystemPrompt },
      { role: 'user', content: parts.filter((p) => p !== '').join('\n\n') },
    ],
    options: { requestId, extras: { skipRag: true, skipCodeInterpreter: true } },
  };
};

/** The content without a code fence the model wrote anyway. */
export const unfenced = (answer: string): string => {
  const fenced = /^\s*```[^\n]*\n([\s\S]*?)\n?```\s*$/.exec(answer);
  return fenced?.[1] ?? answer;
};

/**
 * Asks the chat model to write the artifact; `onText` gets the answer so far as it streams.
 * Answers the whole answer, or throws with what went wrong.
 */
export async function generateArtifact(
  request: ChatRequestInput,
  onText: (text: string) => void,
  signal: AbortSignal,
): Promise<string> {
  const answer = await askForAnswer(request, signal, onText);
  if (!answer.ok) throw new Error(answer.message ?? 'The model stopped while writing the artifact.');
  return unfenced(answer.text);
}
