import type { LightMyRequestResponse } from 'fastify';
import { assistantRoutes, sessionCookieName, type CreateAssistantInput } from '@app/contracts';
import type { ChatPlatform } from '../support-chat/chat-platform';

/** POST `url` as `email` (session cookie and the app's Origin) on a chat platform. */
export const postAs = async (
  p: ChatPlatform,
  email: string,
  url: string,
  body: unknown,
): Promise<LightMyRequestResponse> =>
  p.app.inject({
    method: 'POST',
    url,
    cookies: { [sessionCookieName]: await p.signIn(email) },
    headers: { origin: 'http://localhost' },
    payload: body as object,
  });

/** Creates an assistant as `email`; answers its `astp/` id. */
export const createAs = async (
  p: ChatPlatform,
  email: string,
  payload: Partial<CreateAssistantInput> = {},
): Promise<string> => {
  const res = await postAs(p, email, assistantRoutes.create, { name: 'Helper', ...payload });
  if (res.statusCode !== 200) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { assistantId: string } }>().data.assistantId;
};

export const publishAs = (
  p: ChatPlatform,
  email: string,
  assistantId: string,
  astPath: string,
  access: { isPublic?: boolean; accessTo?: { amplifyGroups?: string[]; users?: string[] } } = {},
) => postAs(p, email, assistantRoutes.addPath, { assistantId, astPath, ...access });

export const checkPath = async (p: ChatPlatform, email: string, astPath: string, assistantId?: string) => {
  const res = await postAs(p, email, assistantRoutes.checkPath, {
    astPath,
    ...(assistantId ? { assistantId } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`check_path: ${res.statusCode} ${res.body}`);
  return res.json<{ valid: boolean; message: string }>();
};
