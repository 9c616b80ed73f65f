import { useAtomValue, useSetAtom } from 'jotai';
import { openAdminOnTabAtom } from '../../state/admin-status';
import { sessionAtom } from '../../state/session';
import { chatText } from '../chat-text';

/**
 * Nothing to chat with: an admin gets the way to the Admin Interface, where models are added; anyone
 * else is told to ask an administrator (or why the models could not be read).
 */
export function NoModelNotice({ error }: { error: string | null }) {
  const isAdmin = useAtomValue(sessionAtom)?.isAdmin === true;
  const openAdmin = useSetAtom(openAdminOnTabAtom);
  if (error !== null || !isAdmin)
    return (
      <p role="alert" className="form-error chat-no-model">
        {error ?? chatText.noModels}
      </p>
    );
  return (
    <div role="alert" className="chat-no-model chat-no-model-admin">
      <p>{chatText.noModelsAdmin}</p>
      <button
        type="button"
        className="btn btn-primary chat-touch"
        onClick={() => openAdmin('supportedModels')}
      >
        {chatText.openAdminForModels}
      </button>
    </div>
  );
}
