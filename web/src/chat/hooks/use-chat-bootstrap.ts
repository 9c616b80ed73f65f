import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { loadAccountsAtom } from '../../state/accounts';
import { refreshLocalConversationsAtom, refreshServerConversationsAtom } from '../state/conversations';
import { loadModelsAtom } from '../../state/models';
import { loadUserSettingsAtom } from '../../state/user-settings';
import { resumeRequestsAtom } from '../actions/resume-requests';
import { resetChatAtom } from '../state/reset';
import { refreshFilingAtom } from '../filing';

/**
 * On the chat screen's first show: settings, models, accounts, conversations; requests to resume.
 * When it goes (sign-out), nothing of the user stays.
 */
export function useChatBootstrap(): void {
  const loadSettings = useSetAtom(loadUserSettingsAtom);
  const loadModels = useSetAtom(loadModelsAtom);
  const loadAccounts = useSetAtom(loadAccountsAtom);
  const refreshServer = useSetAtom(refreshServerConversationsAtom);
  const refreshLocal = useSetAtom(refreshLocalConversationsAtom);
  const resume = useSetAtom(resumeRequestsAtom);
  const reset = useSetAtom(resetChatAtom);
  const refreshFiling = useSetAtom(refreshFilingAtom);
  useEffect(() => {
    void loadSettings();
    void loadModels();
    void loadAccounts();
    void refreshFiling();
    let gone = false;
    void Promise.all([refreshServer(), refreshLocal()]).then(() => {
      if (!gone) resume();
    });
    return () => {
      gone = true;
      reset();
    };
  }, [loadSettings, loadModels, loadAccounts, refreshServer, refreshLocal, refreshFiling, resume, reset]);
}
