export interface StatusToggleProps {
  on: boolean;
  /** What the cell says (e.g. Enabled or Disabled). */
  text: string;
  /** What a click does, e.g. "Click to disable X". */
  title: string;
  onToggle: () => void;
  /** The button's accessible name, when its text is not enough (e.g. "X available"). */
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
        aria-label={label}
        title={title}
        onClick={onToggle}
      >
        <span className="status-dot" aria-hidden="true" />
        {text}
      </button>
    </div>
  );
}
