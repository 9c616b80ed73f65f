import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { renderMessages } from '@app/contracts';
import { downloadText } from '../../../ui/download';
import { RenderedCode } from '../RenderedCode';
import { canFlip, diagramTypeLabel, flipOrientation } from './mermaid-source';
import { svgFileText } from './sanitize-svg';
import { useDiagram } from './use-diagram';
import { usePageTheme } from '../theme/use-page-theme';
import { DiagramToolbar } from './DiagramToolbar';
import { diagramZoom } from './zoom';
import '../../../styles/chat-render.css';

export interface DiagramViewerProps {
  /** The mermaid source of a ```mermaid block. */
  code: string;
  /** While the message streams the source is shown; the diagram is drawn once it is complete. */
  streaming: boolean;
}

/** A mermaid diagram with its toolbar, drawn in the page's theme. */
export default function DiagramViewer({ code, streaming }: DiagramViewerProps) {
  const [size, setSize] = useState<number>(diagramZoom.initial);
  const [flipped, setFlipped] = useState(false);
  const [showCode, setShowCode] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const source = flipped ? (flipOrientation(code) ?? code) : code;
  const theme = usePageTheme();
  const { state, retry } = useDiagram(source, streaming, theme);
  const host = useRef<HTMLDivElement>(null);
  const typeLabel = diagramTypeLabel(code);
  const shown = state.status === 'shown' ? state.svg : null;

  // The sanitised SVG element goes into the canvas as it is (no second parse of its text).
  useLayoutEffect(() => {
    const el = host.current;
    if (el && shown && shown.parentNode !== el) el.replaceChildren(shown);
  }, [shown, showCode]);

  const save = () => {
    const text = shown ? svgFileText(shown) : '';
    if (!text.includes('<svg')) {
      setSaveError(renderMessages.diagramNoSvg);
      return;
    }
    setSaveError(null);
    downloadText(text, 'diagram.svg', 'image/svg+xml');
  };

  return (
    <figure className="render-viewer diagram-viewer" aria-label={`${typeLabel} diagram`}>
      <DiagramToolbar
        typeLabel={typeLabel}
        size={size}
        onSize={setSize}
        canFlip={canFlip(code)}
        onFlip={() => setFlipped((f) => !f)}
        canSave={shown !== null}
        onSave={save}
        showCode={showCode}
        onToggleCode={() => setShowCode((c) => !c)}
      />
      {saveError && (
        <p role="alert" className="render-error-text">
          {saveError}
        </p>
      )}
      {showCode || state.status === 'waiting' ? (
        <RenderedCode code={code} waiting={state.status === 'waiting'} />
      ) : state.status === 'loading' ? (
        <div role="status" className="render-status">
          {renderMessages.diagramRendering}
        </div>
      ) : state.status === 'error' ? (
        <div role="alert" className="render-error">
          <strong>{renderMessages.diagramError}</strong>
          <p>{state.message}</p>
          <button type="button" className="btn btn-small" onClick={retry}>
            Try Again
          </button>
        </div>
      ) : (
        <div
          ref={host}
          className="diagram-canvas"
          // Focusable: a large diagram scrolls, by keyboard too.
          tabIndex={0}
          data-testid="diagram-canvas"
          style={{ '--diagram-width': `${size}px` } as CSSProperties}
        />
      )}
    </figure>
  );
}
