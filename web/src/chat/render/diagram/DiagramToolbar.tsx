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
  return (
    <div className="render-toolbar" role="toolbar" aria-label={`${props.typeLabel} tools`}>
      <span className="render-label">{props.typeLabel}</span>
      <span className="render-size" aria-label="Diagram width">
        {sizeLabel(size)}
      </span>
      <span className="render-actions">
        <button
          type="button"
          className="btn btn-small btn-ghost btn-icon"
          aria-label="Zoom out"
          title="Zoom out"
          disabled={showCode || !canZoomOut(size)}
          onClick={() => onSize(zoomOut(size))}
        >
          −
        </button>
        <button
          type="button"
          className="btn btn-small btn-ghost btn-icon"
          aria-label="Zoom in"
          title="Zoom in"
          disabled={showCode || !canZoomIn(size)}
          onClick={() => onSize(zoomIn(size))}
        >
          +
        </button>
        <button
          type="button"
          className="btn btn-small btn-ghost"
          title="Reset zoom"
          aria-label="Reset zoom"
          disabled={showCode || size === diagramZoom.initial}
          onClick={() => onSize(diagramZoom.initial)}
        >
          Reset
        </button>
        <button
          type="button"
          className="btn btn-small btn-ghost"
          title="Flip orientation"
          disabled={showCode || !props.canFlip}
          onClick={props.onFlip}
        >
          Flip orientation
        </button>
        <button
          type="button"
          className="btn btn-small btn-ghost"
          title="Save as SVG"
          disabled={showCode || !props.canSave}
          onClick={props.onSave}
        >
          Save as SVG
        </button>
        <button type="button" className="btn btn-small btn-ghost" onClick={props.onToggleCode}>
          {showCode ? 'Show diagram' : 'Show code'}
        </button>
      </span>
    </div>
  );
}
