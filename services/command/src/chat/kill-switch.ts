import { chatStreamId, type ChatEvent } from '@app/contracts';
import { readStream, type Db } from '@app/platform';
import { fold } from '../shared/decider';
import { chatRequestDecider, isRunning } from './chat-decider';
import type { StopBus } from './streams/ports';

/**
 * A kill switch: only the request's owner (the actor of its ChatRequested) may stop it, and only
 * while it runs. Then every instance hears the stop (the one serving the stream aborts the provider
 * call). Answers whether the stop was published: false for another user's request, an unknown one
 * or one that has ended, alike.
 */
export const killSwitch = async (
  { db, stopBus }: { db: Db; stopBus: StopBus },
  { requestId, email }: { requestId: string; email: string },
): Promise<boolean> => {
  const events = await readStream(db, chatStreamId(requestId));
  const first = events[0];
  if (!first || first.type !== 'ChatRequested' || first.metadata.actor.email !== email) return false;
  const state = fold(
    chatRequestDecider,
    events.map((e) => ({ type: e.type, data: e.data }) as ChatEvent),
  );
  if (!isRunning(state)) return false;
  await stopBus.publish(requestId);
  return true;
};
