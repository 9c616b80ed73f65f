import { z, type ZodError } from 'zod';
import { ChatRequest, KillSwitchRequest } from '@app/contracts';

/** What POST /api/chat accepts: a chat request, or a kill switch (a body with `killSwitch`). */
export const ChatPostBody = z.union([KillSwitchRequest, ChatRequest]);
export type ChatPostBody = z.infer<typeof ChatPostBody>;

export const isKillSwitch = (body: ChatPostBody): body is KillSwitchRequest => 'killSwitch' in body;

/** The issues as one line, each naming its field: `messages.1: only the first message may be ...`. */
export const describeIssues = (e: ZodError): string =>
  e.issues
    .map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');

/** The input refused, with the words the route answers (400 `{error}`). */
export class ChatBodyError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'ChatBodyError';
  }
}

/**
 * Parses the body by its shape: `killSwitch` present → a kill switch, else a chat request; so a
 * refusal names the field of the one that was meant (a union would only say "invalid input").
 */
export const parseChatPost = (body: unknown): { value: ChatPostBody } | { error: ChatBodyError } => {
  const schema =
    typeof body === 'object' && body !== null && 'killSwitch' in body ? KillSwitchRequest : ChatRequest;
  const parsed = schema.safeParse(body);
  return parsed.success ? { value: parsed.data } : { error: new ChatBodyError(describeIssues(parsed.error)) };
};
