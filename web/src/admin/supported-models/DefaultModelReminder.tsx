import { useAtomValue, useSetAtom } from 'jotai';
import { adminMessages } from '@app/contracts';
import { dismissDefaultModelReminderAtom, showDefaultModelReminderAtom } from './model-actions';

/** The reminder when a change leaves a single available chat model. */
export function DefaultModelReminder() {
  const show = useAtomValue(showDefaultModelReminderAtom);
  const dismiss = useSetAtom(dismissDefaultModelReminderAtom);
  if (!show) return null;
  return (
    <div className="notice notice-changedByOther model-reminder" role="alert">
      <p className="notice-message">{adminMessages.checkDefaultModels}</p>
      <button type="button" className="btn btn-small" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
