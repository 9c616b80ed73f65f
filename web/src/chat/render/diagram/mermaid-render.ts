import type { Mermaid, MermaidConfig } from 'mermaid';
import type { PageTheme } from '../theme/use-page-theme';
import { withoutConfig } from './mermaid-source';
import { diagramThemes } from './diagram-theme';

/**
 * Mermaid, loaded on first use (it is large) and set up once for untrusted text: no rendering on
 * load, strict security (labels sanitised, click handlers off), labels as SVG text (no HTML, no
 * `<foreignObject>`), no error diagram drawn into the page. A diagram's own configuration is taken
 * out before it is drawn (`withoutConfig`); the `secure` keys could not be changed by it anyway.
 */
let loading: Promise<Mermaid> | null = null;
/** The theme mermaid was last set up with. */
let drawnIn: PageTheme | null = null;

const settings = (theme: PageTheme): MermaidConfig => ({
  ...diagramThemes[theme],
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
    'theme',
    'themeVariables',
    'darkMode',
  ],
});

const loadMermaid = (): Promise<Mermaid> => {
  loading ??= import('mermaid').then(({ default: mermaid }) => mermaid);
  loading.catch(() => {
    // A failed load (network) is tried again on the next render.
    loading = null;
  });
  return loading;
};

let renders = 0;

/**
 * Mermaid's SVG text for a diagram's source, in the page's theme, drawn without the configuration
 * the source carries; throws mermaid's error when the source is not valid.
 */
export const renderMermaid = async (code: string, theme: PageTheme): Promise<string> => {
  const mermaid = await loadMermaid();
  if (drawnIn !== theme) {
    mermaid.initialize(settings(theme));
    drawnIn = theme;
  }
  renders += 1;
  const { svg } = await mermaid.render(`chat-diagram-${renders}`, withoutConfig(code));
  return svg;
};
