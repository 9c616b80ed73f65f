import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { PromptCostAlertSection } from '@app/contracts';
import { fetchUserAppConfigs } from '../../api/user-app-configs';
import { promptCostAlertText } from '../model/prompt-cost-alert';
import { activeConversationAtom } from '../state/conversations';
import '../../styles/prompt-cost-alert.css';

/** The alert's own labels (the message itself is the admin's). */
const labels = { region: 'Prompt cost alert', dismiss: 'Dismiss the prompt cost alert' } as const;

/**
 * The admin's Prompt Cost Alert, above the input, once the shown conversation costs more than its
 * threshold: `<totalCost>` and `<prompts>` filled in, following the conversation's cost as each
 * answer lands. Dismissed, it stays away for that conversation (in this tab). The configuration is
 * read again whenever another conversation is shown; failing to read it shows nothing.
 */
export function PromptCostAlert() {
  const conversation = useAtomValue(activeConversationAtom);
  const conversationId = conversation?.id ?? null;
  const [alert, setAlert] = useState<PromptCostAlertSection | null>(null);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    let gone = false;
    fetchUserAppConfigs()
      .then((configs) => {
        if (!gone) setAlert(configs.promtCostAlert);
      })
      // The alert is a hint: a failed read keeps the last one known.
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [conversationId]);

  if (conversation === null || dismissed.has(conversation.id)) return null;
  const text = promptCostAlertText(alert, conversation);
  if (text === null) return null;
  return (
    <div className="chat-cost-alert" role="alert" aria-label={labels.region}>
      <p className="chat-cost-alert-message">{text}</p>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        aria-label={labels.dismiss}
        title="Dismiss"
        onClick={() => setDismissed((before) => new Set(before).add(conversation.id))}
      >
        ×
      </button>
    </div>
  );
}
