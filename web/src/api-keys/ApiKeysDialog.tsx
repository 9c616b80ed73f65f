import { useState } from 'react';
import { useAtomValue } from 'jotai';
import type { ApiKeyView } from '@app/contracts';
import { sessionAtom } from '../state/session';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Modal } from '../ui/Modal';
import { apiKeysText } from './api-keys-text';
import { CreateKeyForm } from './CreateKeyForm';
import { KeyTable } from './KeyTable';
import { SecretReveal } from './SecretReveal';
import { UpdateKeyForm } from './UpdateKeyForm';
import { useApiKeys, type ShownSecret } from './use-api-keys';
import './api-keys.css';
import { CloseActions } from '../ui/DialogActions';

type View =
  | { kind: 'list' }
  | { kind: 'create' }
  | { kind: 'update'; key: ApiKeyView }
  | { kind: 'secret'; shown: ShownSecret };

type Confirming = { kind: 'rotate' | 'deactivate'; key: ApiKeyView } | null;

/**
 * The user's API Keys: the list, the create and update forms, rotate and deactivate after a
 * confirmation. A new secret is shown once; closing the dialog (or Done) forgets it.
 */
export function ApiKeysDialog({ onClose }: { onClose: () => void }) {
  const me = useAtomValue(sessionAtom)?.email ?? '';
  const panel = useApiKeys();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [confirming, setConfirming] = useState<Confirming>(null);

  const show = (next: View) => {
    panel.clearMessages();
    setView(next);
  };

  const confirm = async () => {
    if (!confirming) return;
    const { kind, key } = confirming;
    setConfirming(null);
    if (kind === 'deactivate') {
      await panel.deactivate(key);
      return;
    }
    const shown = await panel.rotate(key);
    if (shown) setView({ kind: 'secret', shown });
  };

  return (
    <Modal label={apiKeysText.title} onDismiss={onClose} className="api-keys-dialog">
      <div className="api-keys-header">
        <h2 className="modal-title">{apiKeysText.title}</h2>
        {view.kind === 'list' && (
          <button type="button" className="btn btn-primary" onClick={() => show({ kind: 'create' })}>
            {apiKeysText.createTitle}
          </button>
        )}
      </div>
      {panel.error && (
        <p className="api-keys-error" role="alert">
          {panel.error}
        </p>
      )}
      {panel.notice && view.kind !== 'secret' && (
        <p className="api-keys-notice" role="status">
          {panel.notice}
        </p>
      )}
      {view.kind === 'secret' && (
        <SecretReveal
          applicationName={view.shown.applicationName}
          secret={view.shown.secret}
          message={panel.notice}
          onDone={() => show({ kind: 'list' })}
        />
      )}
      {view.kind === 'create' && (
        <CreateKeyForm
          me={me}
          accounts={panel.accounts}
          busy={panel.busy}
          onCancel={() => show({ kind: 'list' })}
          onSubmit={(form) => {
            void panel.create(form).then((shown) => {
              if (shown) setView({ kind: 'secret', shown });
              else if (shown === null) setView({ kind: 'list' });
            });
          }}
        />
      )}
      {view.kind === 'update' && (
        <UpdateKeyForm
          me={me}
          apiKey={view.key}
          accounts={panel.accounts}
          busy={panel.busy}
          onCancel={() => show({ kind: 'list' })}
          onSubmit={(update) => {
            void panel.update(update).then((done) => {
              if (done) setView({ kind: 'list' });
            });
          }}
        />
      )}
      {view.kind === 'list' &&
        (panel.keys === null ? (
          <p className="muted" role="status">
            {apiKeysText.loading}
          </p>
        ) : (
          <KeyTable
            me={me}
            keys={panel.keys}
            busy={panel.busy}
            onRotate={(key) => setConfirming({ kind: 'rotate', key })}
            onUpdate={(key) => show({ kind: 'update', key })}
            onDeactivate={(key) => setConfirming({ kind: 'deactivate', key })}
          />
        ))}
      {view.kind === 'list' && <CloseActions onClose={onClose} className="btn" />}
      {confirming && (
        <ConfirmDialog
          title={confirming.kind === 'rotate' ? apiKeysText.rotateTitle : apiKeysText.deactivateTitle}
          message={
            confirming.kind === 'rotate'
              ? apiKeysText.rotateMessage(confirming.key.applicationName)
              : apiKeysText.deactivateMessage(confirming.key.applicationName)
          }
          confirmLabel={confirming.kind === 'rotate' ? 'Rotate' : 'Deactivate'}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </Modal>
  );
}
