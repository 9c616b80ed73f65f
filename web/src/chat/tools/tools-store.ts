import { z } from 'zod';
import { noToolChoices, type ToolChoices } from './tools-choice';

/** The MCP servers a user turned on, in localStorage per user (see tools-choice). */
const Stored = z.object({
  draft: z.array(z.string()),
  conversations: z.record(z.string(), z.array(z.string())),
}) satisfies z.ZodType<ToolChoices>;

const key = (email: string) => `amplify-chat-tools:${email}`;

export const readToolChoices = (email: string): ToolChoices => {
  try {
    const text = localStorage.getItem(key(email));
    const parsed = text === null ? null : Stored.safeParse(JSON.parse(text));
    return parsed?.success ? parsed.data : noToolChoices();
  } catch {
    return noToolChoices();
  }
};

export const writeToolChoices = (email: string, choices: ToolChoices): void => {
  try {
    localStorage.setItem(key(email), JSON.stringify(choices));
  } catch {
    // Storage full or refused: the choice holds in this tab until it is reloaded.
  }
};
