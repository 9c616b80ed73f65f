import { useId, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { identityMessages, isEmail, normaliseEmail } from '@app/contracts';
import { answeredSignedOut, errorText } from '../../../api/http';
import { endUserSessions } from '../../../api/sessions';
import { pushToastAtom } from '../../../state/toasts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import '../config-card/config-card.css';
import { TextField } from '../../../ui/TextField';

/**
 * Sessions (not a configuration section, so nothing to save): end every session of a user, after
 * confirmation. The server's answer says how many ended.
 */
export function SessionsCard() {
  const toast = useSetAtom(pushToastAtom);
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isEmail(email)) setConfirming(normaliseEmail(email));
  };

  const end = async (who: string) => {
    setConfirming(null);
    setBusy(true);
    try {
      const answer = await endUserSessions(who);
      toast({ tone: 'success', message: answer.message });
      setEmail('');
    } catch (e) {
      if (!answeredSignedOut(e)) toast({ tone: 'error', message: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card config-card" aria-labelledby={titleId}>
      <header className="config-card-header">
        <h3 id={titleId} className="card-title">
          Sessions
        </h3>
      </header>
      <form className="field" onSubmit={onSubmit}>
        <TextField
          label="User email"
          hint="Signs the user out on every device at once; they must sign in again. Takes effect now, not on Save Changes."
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
          value={email}
          onChange={setEmail}
        />
        <div>
          <button type="submit" className="btn btn-danger" disabled={busy || !isEmail(email)}>
            End sessions
          </button>
        </div>
      </form>
      {confirming !== null && (
        <ConfirmDialog
          title="End sessions"
          message={identityMessages.endSessionsConfirm(confirming)}
          confirmLabel="End sessions"
          onCancel={() => setConfirming(null)}
          onConfirm={() => void end(confirming)}
        />
      )}
    </section>
  );
}
