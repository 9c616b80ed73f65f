import { locationLabel, type ChatSource } from '@app/contracts';
import type { GenerationRequest } from './generation-request';
import type { Retrieval } from './retrieval';

/** The passages as the system prompt gets them: numbered, each with its document's name. */
export const passagesPrompt = (sources: readonly ChatSource[]): string =>
  [
    "Passages from the user's documents that may help to answer. Use them when they are relevant, " +
      'and name the document a fact comes from.',
    ...sources.map((s, i) => {
      const where = locationLabel(s.location);
      return `[${i + 1}] ${s.name}${where ? ` (${where})` : ''}:\n${s.text}`;
    }),
  ].join('\n\n');

/** The request with the retrieved passages after its system prompt (unchanged when there are none). */
export const withRetrieved = (asked: GenerationRequest, retrieval: Retrieval): GenerationRequest => {
  if (retrieval.sources.length === 0) return asked;
  const passages = passagesPrompt(retrieval.sources);
  return { ...asked, system: asked.system ? `${asked.system}\n\n${passages}` : passages };
};
