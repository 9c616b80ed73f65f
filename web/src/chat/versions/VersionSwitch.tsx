import { messageActionText } from '../message-actions/message-action-text';
import { ChevronLeftIcon, ChevronRightIcon } from '../message-actions/icons';
import { versionBeside, type VersionPosition } from './tree';
import './versions.css';

export interface VersionSwitchProps {
  version: VersionPosition;
  onTurnTo: (requestId: string) => void;
}

/** A turn's versions: Previous version, 'n / m', Next version (nothing when the turn has one version). */
export function VersionSwitch({ version, onTurnTo }: VersionSwitchProps) {
  if (version.count < 2) return null;
  const previous = versionBeside(version, -1);
  const next = versionBeside(version, 1);
  return (
    <div
      className="version-switch"
      role="group"
      aria-label={messageActionText.versionOf(version.index, version.count)}
    >
      <button
        type="button"
        className="btn btn-ghost btn-icon btn-small"
        aria-label={messageActionText.previousVersion}
        title={messageActionText.previousVersion}
        disabled={previous === null}
        onClick={() => previous !== null && onTurnTo(previous)}
      >
        <ChevronLeftIcon />
      </button>
      <span className="version-count">{messageActionText.version(version.index, version.count)}</span>
      <button
        type="button"
        className="btn btn-ghost btn-icon btn-small"
        aria-label={messageActionText.nextVersion}
        title={messageActionText.nextVersion}
        disabled={next === null}
        onClick={() => next !== null && onTurnTo(next)}
      >
        <ChevronRightIcon />
      </button>
    </div>
  );
}
