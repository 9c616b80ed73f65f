import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { ReadModelName, type ChangedMessage } from '@app/contracts';
import { fetchMe } from '../../api/auth';
import { connectLive, type LiveEnd } from '../../api/live-socket';
import { sessionEndedAtom } from '../../auth';
import { refreshServerConversationsAtom } from '../state/conversations';
import { userLiveAtom } from '../state/live-status';
import { loadUserSettingsAtom } from '../../state/user-settings';
import { refreshSpendAtom } from '../state/spend';
import { refreshFilingAtom } from '../filing';

/** The user read models this screen watches, those the contracts name. */
const watched = ['conversations', 'spend', 'userSettings', 'conversationFiling'].flatMap((name) => {
  const parsed = ReadModelName.safeParse(name);
  return parsed.success ? [parsed.data] : [];
});

const checkAccess = async (): Promise<LiveEnd | null> => ((await fetchMe()) === null ? 'sessionEnded' : null);

/**
 * `/live` for the signed-in user: a conversation of theirs changed (a new one, its cost, a rename, a
 * deletion, from any tab or device), their spend or their settings: fetched again. Until it is
 * live, the list and the spend are fetched again whenever a chat ends instead.
 */
export function useUserLive(): void {
  const refreshConversations = useSetAtom(refreshServerConversationsAtom);
  const refreshSpend = useSetAtom(refreshSpendAtom);
  const refreshFiling = useSetAtom(refreshFilingAtom);
  const loadSettings = useSetAtom(loadUserSettingsAtom);
  const setLive = useSetAtom(userLiveAtom);
  const sessionEnded = useSetAtom(sessionEndedAtom);
  useEffect(() => {
    if (watched.length === 0) return;
    const refreshAll = () => {
      void refreshConversations();
      void refreshSpend();
      void loadSettings();
      void refreshFiling();
    };
    const onChanged = (message: ChangedMessage) => {
      if (message.readModel === 'conversations') void refreshConversations();
      else if (message.readModel === 'spend') void refreshSpend();
      else if (message.readModel === 'userSettings') void loadSettings();
      else if (message.readModel === 'conversationFiling') void refreshFiling(message.position);
    };
    const connection = connectLive({
      readModels: watched,
      onChanged,
      onStatus: (status) => setLive(status === 'live'),
      onResync: refreshAll,
      onEnded: (reason) => {
        setLive(false);
        if (reason === 'sessionEnded') sessionEnded();
      },
      checkAccess,
    });
    return () => {
      connection.close();
      setLive(false);
    };
  }, [refreshConversations, refreshSpend, refreshFiling, loadSettings, setLive, sessionEnded]);
}
