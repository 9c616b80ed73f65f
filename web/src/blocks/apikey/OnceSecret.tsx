import { useState } from 'react';
import { blockTexts } from '@app/contracts';
import { useCopy } from '../../ui/use-copied';

/**
 * A secret create or rotate answered: shown once, with a copy button, held only by this
 * component's state (never stored); Hide forgets it.
 */
export function OnceSecret({ secret, label }: { secret: string; label: string }) {
  const [shown, setShown] = useState(true);
  const { state, copy } = useCopy(secret);
  if (!shown) return null;
  return (
    <div className="chat-block-secret" aria-label={label}>
      <p className="chat-block-note" role="note">
        {blockTexts.secretOnce}
      </p>
      <div className="chat-block-secret-row">
        <code className="chat-block-secret-value" data-testid="api-key-secret">
          {secret}
        </code>
        <button type="button" className="btn" onClick={copy}>
          {state === 'copied' ? blockTexts.copied : blockTexts.copy}
        </button>
        <button type="button" className="btn" onClick={() => setShown(false)}>
          Hide
        </button>
      </div>
    </div>
  );
}
