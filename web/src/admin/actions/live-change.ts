import { atom } from 'jotai';
import type { ChangedMessage } from '@app/contracts';
import { fetchConfigs } from '../../api/configs';
import { mergeIncoming } from '../../state/section-rules';
import { sessionAtom } from '../../state/session';
import { configsStatusAtom, ownSavePositionAtom, pendingSaveAtom } from '../../state/admin-status';
import { applyConfigs } from './apply-configs';
import { uiText } from '../../ui/strings';

const isOwnChange = (message: ChangedMessage, me: string | undefined, ownPosition: string | null): boolean =>
  me !== undefined &&
  message.actor === me &&
  ownPosition !== null &&
  BigInt(message.position) <= BigInt(ownPosition);

/**
 * Another admin saved (or the socket came back and changes may have been missed: `null`): fetch
 * what the read side has, then merge per section; edited sections keep their drafts and say who.
 */
export const applyLiveChangeAtom = atom(null, async (get, set, message: ChangedMessage | null) => {
  const pending = get(pendingSaveAtom);
  if (pending) await pending;
  if (get(configsStatusAtom) === 'idle') return;
  let response;
  try {
    response = await fetchConfigs(message?.position);
  } catch {
    return; // the next change or the reload button brings it
  }
  const own = message !== null && isOwnChange(message, get(sessionAtom)?.email, get(ownSavePositionAtom));
  applyConfigs(get, set, response, (s, incoming, def) =>
    mergeIncoming(
      s,
      incoming,
      {
        label: def.label,
        actor: message?.actor ?? uiText.anotherAdmin,
        ownChange: own && message?.readModel === def.type,
      },
      def.equals,
    ),
  );
});
