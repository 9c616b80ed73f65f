import { ChangedMessage } from '@app/contracts';
import { listen, type Listener, type Logger } from '@app/platform';
import { changesChannel } from '../runner/channels';
import type { LiveHub } from './hub';

/** Every query instance LISTENs for committed changes and pushes them to its own sockets. */
export const startFanOut = (databaseUrl: string, hub: LiveHub, logger: Logger): Promise<Listener> =>
  listen(
    databaseUrl,
    [changesChannel],
    (_channel, payload) => {
      try {
        const message = ChangedMessage.safeParse(JSON.parse(payload));
        if (message.success) hub.publish(message.data);
      } catch (e) {
        logger.warn({ err: e }, 'unreadable change notification');
      }
    },
    (e) => logger.warn({ err: e }, 'change notifications interrupted'),
  );
