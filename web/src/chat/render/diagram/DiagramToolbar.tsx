import { canZoomIn, canZoomOut, diagramZoom, sizeLabel, zoomIn, zoomOut } from './zoom';

export interface DiagramToolbarProps {
  typeLabel: string;
  size: number;
  onSize: (px: number) => void;
  canFlip: boolean;
  onFlip: () => void;
  canSave: boolean;
  onSave: () => void;
  showCode: boolean;
  onToggleCode: () => void;
}

/** Zoom out / in / reset, flip orientation, save as SVG, diagram ↔ code; the type and the size in px. */
export function DiagramToolbar(props: DiagramToolbarProps) {
  const { size, onSize, showCode } = props;
  /** Each tool: its name (title, and accessible name), its text; all are off while the code shows. */
  const tools = [
    {
      name: 'Zoom out',
      text: '−',
      icon: true,
      disabled: !canZoomOut(size),
      run: () => onSize(zoomOut(size)),
    },
    { name: 'Zoom in', text: '+', icon: true, disabled: !canZoomIn(size), run: () => onSize(zoomIn(size)) },
    {
      name: 'Reset zoom',
      text: 'Reset',
      icon: false,
      disabled: size === diagramZoom.initial,
      run: () => onSize(diagramZoom.initial),
    },
    {
      name: 'Flip orientation',
      text: 'Flip orientation',
      icon: false,
      disabled: !props.canFlip,
      run: props.onFlip,
    },
    { name: 'Save as SVG', text: 'Save as SVG', icon: false, disabled: !props.canSave, run: props.onSave },
  ];
  return (
    <div className="render-toolbar" role="toolbar" aria-label={`${props.typeLabel} tools`}>
      <span className="render-label">{props.typeLabel}</span>
      <span className="render-size" aria-label="Diagram width">
        {sizeLabel(size)}
      </span>
      <span className="render-actions">
        {tools.map((t) => (
          <button
            key={t.name}
            type="button"
            className={t.icon ? 'btn btn-small btn-ghost btn-icon' : 'btn btn-small btn-ghost'}
            aria-label={t.text === t.name ? undefined : t.name}
            title={t.name}
            disabled={showCode || t.disabled}
            onClick={t.run}
          >
            {t.text}
          </button>
        ))}
        <button type="button" className="btn btn-small btn-ghost" onClick={props.onToggleCode}>
          {showCode ? 'Show diagram' : 'Show code'}
        </button>
      </span>
    </div>
  );
}
