import {
  CreateShareResponse,
  ShareCommandResponse,
  ShareListResponse,
  shareMessages,
  shareRoutes,
  ShareViewResponse,
  type CreateShareInput,
  type ShareSnapshot,
  type ShareSummary,
} from '@app/contracts';
import { ApiError, requestJson } from './http';

/** POST /api/conversations/<id>/share: a link to a snapshot of one of the caller's cloud conversations. */
export async function createShare(
  conversationId: string,
  body: CreateShareInput,
): Promise<CreateShareResponse> {
  return (
    await requestJson('shareConversation', shareRoutes.create(conversationId), CreateShareResponse, {
      method: 'POST',
      body,
    })
  ).body;
}

/** GET /api/shares?conversationId=: the caller's active shares of one conversation, with their views. */
export async function fetchShares(conversationId: string, waitFor?: string): Promise<ShareSummary[]> {
  const query = new URLSearchParams({ conversationId, ...(waitFor ? { waitFor } : {}) });
  return (await requestJson('getShares', `${shareRoutes.list}?${query.toString()}`, ShareListResponse)).body
    .data;
}

/** DELETE /api/shares/<id>: revokes one of the caller's shares; the position to wait for. */
export async function revokeShare(shareId: string): Promise<string> {
  return (
    await requestJson('revokeShare', shareRoutes.one(shareId), ShareCommandResponse, { method: 'DELETE' })
  ).body.position;
}

/** What opening a share gives: its snapshot, or why not (not shared with the viewer, or gone). */
export type ShareOpened =
  | { kind: 'shown'; snapshot: ShareSnapshot }
  | { kind: 'notAllowed'; message: string }
  | { kind: 'gone'; message: string };

/** GET /api/shares/<id>: the snapshot (each read is recorded as a view); 403 and 404 as what they mean. */
export async function openShare(shareId: string): Promise<ShareOpened> {
  try {
    const { body } = await requestJson('getShare', shareRoutes.one(shareId), ShareViewResponse);
    return { kind: 'shown', snapshot: body.snapshot };
  } catch (e) {
    if (e instanceof ApiError && e.status === 403)
      return { kind: 'notAllowed', message: e.serverMessage ?? shareMessages.notAllowed };
    if (e instanceof ApiError && e.status === 404)
      return { kind: 'gone', message: e.serverMessage ?? shareMessages.gone };
    throw e;
  }
}
