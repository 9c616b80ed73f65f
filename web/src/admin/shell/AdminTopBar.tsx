import { useAtomValue } from 'jotai';
import { anyDirtyAtom } from '../../state/sections';
import { configsStatusAtom, liveStatusAtom, savingAtom } from '../../state/admin-status';
import { HistoryButton } from '../history/HistoryButton';
import { AsOfButton } from '../as-of/AsOfButton';
import { asOfViewAtom } from '../as-of/as-of-state';

export interface AdminTopBarProps {
  titleId: string;
  onReload: () => void;
  onClose: () => void;
  onSave: () => void;
}

const liveText = {
  live: 'Live',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  off: 'Offline',
} as const;

/**
 * Title (with * while anything is unsaved), live indicator, reload, Close and Save Changes (on a phone
 * a bar at the foot of the screen).
 */
export function AdminTopBar({ titleId, onReload, onClose, onSave }: AdminTopBarProps) {
  const dirty = useAtomValue(anyDirtyAtom);
  const status = useAtomValue(configsStatusAtom);
  const saving = useAtomValue(savingAtom);
  const live = useAtomValue(liveStatusAtom);
  // The configuration shown at a moment is read only: no Save then.
  const asOf = useAtomValue(asOfViewAtom) !== null;
  const loading = status !== 'ready';
  const saveDisabled = !dirty || loading || saving;

  return (
    <header className="admin-topbar">
      <h2 id={titleId} className="admin-title">
        {dirty ? 'Admin Interface *' : 'Admin Interface'}
      </h2>
      <span className={`live-indicator live-${live}`} data-live={live} title="Live updates from other admins">
        <span className="live-dot" aria-hidden="true" />
        {liveText[live]}
      </span>
      <div className="admin-actions">
        <HistoryButton />
        <AsOfButton />
        <button
          type="button"
          className="btn btn-icon"
          onClick={onReload}
          disabled={saving}
          aria-label="Reload"
          title="Discard changes and reload"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M17.65 6.35A7.96 7.96 0 0 0 12 4a8 8 0 1 0 7.75 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z"
            />
          </svg>
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
        {!asOf && (
          <button type="button" className="btn btn-primary" onClick={onSave} disabled={saveDisabled}>
            {saving ? 'Saving…' : 'Save Changes'}
          </button>
        )}
      </div>
    </header>
  );
}
