import createDOMPurify, { type DOMPurify } from 'dompurify';
import { isSameDocumentRef, mayFetch, neutraliseCssUrls } from './css-urls';

let purifier: DOMPurify | null = null;

/**
 * Our own DOMPurify instance (mermaid uses the shared one: our hooks stay out of its way), set up
 * once: `<style>` text and every attribute that could name a resource lose their URLs, and links,
 * `<use>` and the like may only point inside the diagram.
 */
const diagramPurifier = (): DOMPurify => {
  if (purifier) return purifier;
  const p = createDOMPurify(window);
  p.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent) node.textContent = neutraliseCssUrls(node.textContent);
  });
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if (name === 'href' || name === 'xlink:href') {
      if (!isSameDocumentRef(data.attrValue)) data.keepAttr = false;
      return;
    }
    if (mayFetch(data.attrValue)) data.attrValue = neutraliseCssUrls(data.attrValue);
  });
  purifier = p;
  return p;
};

/**
 * Mermaid's SVG, sanitised before it is inserted: the SVG profile only (no `<script>`, no
 * `<foreignObject>`, no event handlers, no external images or links), as an element of this
 * document; null when nothing of an SVG is left.
 */
export const sanitizeDiagramSvg = (svg: string): SVGSVGElement | null => {
  const fragment = diagramPurifier().sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'image', 'feImage', 'iframe', 'object', 'embed'],
    RETURN_DOM_FRAGMENT: true,
  });
  const root = fragment.firstElementChild;
  return root instanceof SVGSVGElement ? root : null;
};

/** The sanitised diagram as an SVG file's text. */
export const svgFileText = (svg: SVGSVGElement): string => {
  const copy = svg.cloneNode(true);
  if (copy instanceof SVGSVGElement) {
    copy.removeAttribute('style');
    copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  }
  return new XMLSerializer().serializeToString(copy);
};
