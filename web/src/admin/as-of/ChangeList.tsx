import { revertMessages } from '@app/contracts';
import type { FieldChange } from './section-diff';

const lineOf = (change: FieldChange): string =>
  change.kind === 'added'
    ? revertMessages.fieldAdded(change.field, change.to)
    : change.kind === 'removed'
      ? revertMessages.fieldRemoved(change.field, change.from)
      : revertMessages.fieldChanged(change.field, change.from, change.to);

/** The changes a revert brings, one line each. */
export function ChangeList({ changes }: { changes: readonly FieldChange[] }) {
  return (
    <ul className="as-of-changes" aria-label="Changes">
      {changes.map((change, i) => (
        <li key={`${change.field}-${i}`} className={`as-of-change as-of-${change.kind}`}>
          {lineOf(change)}
        </li>
      ))}
    </ul>
  );
}
