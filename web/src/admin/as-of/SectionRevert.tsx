import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { revertMessages, type SectionType } from '@app/contracts';
import { answeredSignedOut, errorText } from '../../api/http';
import { sectionDefs } from '../../state/section-list';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useAsOf } from './as-of-context';
import { revertSectionAtom } from './revert-action';
import { sectionChanges } from './section-changes';
import { ChangeList } from './ChangeList';

/**
 * On a section while the dialog shows the configuration at a moment: 'Revert this section to this
 * moment', confirmed with the changes it brings field by field; nothing to revert says so.
 */
export function SectionRevert({ type }: { type: SectionType }) {
  const asOf = useAsOf();
  const revert = useSetAtom(revertSectionAtom, asOf ? { store: asOf.main } : undefined);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!asOf) return null;
  const { view } = asOf;
  const label = sectionDefs[type].label;
  const changes = sectionChanges(type, view.now.data[type], view.then.data[type]);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await revert(type);
    } catch (e) {
      if (!answeredSignedOut(e)) setError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <div className="as-of-revert" data-as-of-action data-section={type}>
      {changes.length === 0 ? (
        <p className="as-of-same">{revertMessages.noChanges}</p>
      ) : (
        <button
          type="button"
          className="btn btn-small"
          aria-label={`${revertMessages.revertSection}: ${label}`}
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          {revertMessages.revertSection}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title={revertMessages.confirmTitle(label)}
          message={revertMessages.confirmIntro(view.when)}
          confirmLabel={busy ? 'Reverting…' : revertMessages.revertConfirm}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void confirm()}
        >
          <ChangeList changes={changes} />
          {error && (
            <p className="as-of-error" role="alert">
              {error}
            </p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
