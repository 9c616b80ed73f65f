import type { Mermaid } from 'mermaid';
import { withoutConfig } from './mermaid-source';

/**
 * Mermaid, loaded on first use (it is large) and set up once for untrusted text: no rendering on
 * load, strict security (labels sanitised, click handlers off), labels as SVG text (no HTML, no
 * `<foreignObject>`), no error diagram drawn into the page. A diagram's own configuration is taken
 * out before it is drawn (`withoutConfig`); the `secure` keys could not be changed by it anyway.
 */
let loading: Promise<Mermaid> | null = null;

const loadMermaid = (): Promise<Mermaid> => {
  loading ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      suppressErrorRendering: true,
      arrowMarkerAbsolute: false,
      secure: [
        'secure',
        'securityLevel',
        'startOnLoad',
        'maxTextSize',
        'suppressErrorRendering',
        'maxEdges',
        'htmlLabels',
        'dompurifyConfig',
        'themeCSS',
        'arrowMarkerAbsolute',
        'legacyMathML',
        'forceLegacyMathML',
      ],
    });
    return mermaid;
  });
  loading.catch(() => {
    // A failed load (network) is tried again on the next render.
    loading = null;
  });
  return loading;
};

let renders = 0;

/**
 * Mermaid's SVG text for a diagram's source, drawn without the configuration the source carries;
 * throws mermaid's error when the source is not valid.
 */
export const renderMermaid = async (code: string): Promise<string> => {
  const mermaid = await loadMermaid();
  renders += 1;
  const { svg } = await mermaid.render(`chat-diagram-${renders}`, withoutConfig(code));
  return svg;
};
