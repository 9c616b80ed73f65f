export interface StatusToggleProps {
  on: boolean;
  /** What the cell says (e.g. Enabled or Disabled). */
  text: string;
  /** What a click does, e.g. "Click to disable X". */
  title: string;
  onToggle: () => void;
  /** What the button is about, when its text is not enough (e.g. "X available"): its name is then
   * this and the text ("X available: Yes"), so the words shown are part of the name. */
  label?: string;
}

/** A grid cell's on/off state as a pressed button with a dot; a click toggles it. */
export function StatusToggle({ on, text, title, onToggle, label }: StatusToggleProps) {
  return (
    <div className="cell-center">
      <button
        type="button"
        className={`status-toggle ${on ? 'is-on' : 'is-off'}`}
        aria-pressed={on}
        aria-label={label === undefined ? undefined : `${label}: ${text}`}
        title={title}
        onClick={onToggle}
      >
        <span className="status-dot" aria-hidden="true" />
        {text}
      </button>
    </div>
  );
}
