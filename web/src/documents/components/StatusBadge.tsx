import { statusStyle } from '../status-style';

/** A file's processing status in its colour (`statusStyle`); others show nothing. */
export function StatusBadge({ status }: { status: string | null }) {
  const style = statusStyle(status);
  if (!style) return null;
  return (
    <span
      className={`doc-status doc-status-${style.colour} doc-status-${style.indicator}`}
      data-status={status}
      title={style.label}
    >
      {style.indicator === 'pulse' || style.indicator === 'dot' ? (
        <span className="doc-status-dot" aria-hidden="true" />
      ) : null}
      {style.indicator === 'mark' ? (
        <span className={`doc-status-mark doc-status-mark-${style.markColour ?? 'red'}`} aria-hidden="true">
          !
        </span>
      ) : null}
      <span className="doc-status-label">{style.label}</span>
    </span>
  );
}
