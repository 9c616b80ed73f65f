import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { blockTexts, type ApiKeyBlock, type ApiKeyCreateData } from '@app/contracts';
import { createApiKey } from '../../api/api-keys';
import { errorText } from '../../api/http';
import { selectedAccountAtom } from '../../state/accounts';
import { BlockOutcome } from '../BlockFrame';
import { DeactivateKeysBlock, GetKeysBlock, UpdateKeysBlock } from './KeysBlocks';
import { createRequestOf } from './key-refs';
import { accessText, expiryText, rateText } from './key-format';
import { OnceSecret } from './OnceSecret';

/** An ```APIkey block: its operation, run through the /apiKeys routes on the user's click. */
export function ApiKeyBlockView({ block }: { block: ApiKeyBlock }) {
  switch (block.OP) {
    case 'CREATE':
      return <CreateKeyBlock data={block.DATA} />;
    case 'GET':
      return <GetKeysBlock refs={block.DATA} />;
    case 'UPDATE':
      return <UpdateKeysBlock entries={block.DATA} />;
    case 'DEACTIVATE':
      return <DeactivateKeysBlock refs={block.DATA} />;
  }
}

type Created =
  { ok: true; message: string; apiKeyId: string; secret: string | null } | { ok: false; message: string };

function CreateKeyBlock({ data }: { data: ApiKeyCreateData }) {
  const chatAccount = useAtomValue(selectedAccountAtom);
  const request = createRequestOf(data, chatAccount);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);

  const run = async () => {
    setBusy(true);
    try {
      const answer = await createApiKey(request);
      setCreated({
        ok: true,
        message: answer.message,
        apiKeyId: answer.data.apiKeyId,
        secret: answer.data.secret ?? null,
      });
    } catch (e) {
      setCreated({ ok: false, message: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="chat-block-body">
      <p className="chat-block-note">Creates this API key:</p>
      <dl className="chat-block-fields">
        <dt>Application</dt>
        <dd>{request.applicationName}</dd>
        <dt>Description</dt>
        <dd>{request.applicationDescription || '—'}</dd>
        <dt>Account</dt>
        <dd>{request.account.name}</dd>
        {request.delegate && (
          <>
            <dt>Delegate</dt>
            <dd>{request.delegate}</dd>
          </>
        )}
        <dt>Access</dt>
        <dd>{accessText(request.accessTypes)}</dd>
        <dt>Rate limit</dt>
        <dd>{rateText(request.rateLimit)}</dd>
        <dt>Expires</dt>
        <dd>{expiryText(request.expirationDate)}</dd>
        <dt>System use</dt>
        <dd>{request.systemUse ? 'Yes' : 'No'}</dd>
      </dl>
      <div className="chat-block-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || created?.ok === true}
          onClick={() => void run()}
        >
          {blockTexts.apiKeyRun.CREATE}
        </button>
      </div>
      {created && <BlockOutcome ok={created.ok} text={created.message} />}
      {created?.ok && <p className="chat-block-note">Id: {created.apiKeyId}</p>}
      {created?.ok && created.secret !== null && (
        <OnceSecret secret={created.secret} label={`Secret of ${request.applicationName}`} />
      )}
    </div>
  );
}
