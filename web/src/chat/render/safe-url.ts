/** Schemes a link in a message may use: a model's text must not run script or reach other handlers. */
const linkSchemes = new Set(['http:', 'https:', 'mailto:']);

/**
 * A message's link target as it may be rendered, or null (shown as text, not a link): absolute
 * http, https and mailto addresses, and in-page anchors (`#…`, GFM footnotes). Anything else
 * (`javascript:`, `data:`, relative paths that would call the app's own routes) is refused.
 */
export const safeLinkHref = (url: string): string | null => {
  const value = url.trim();
  if (value.startsWith('#')) return value;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  return linkSchemes.has(parsed.protocol) ? parsed.href : null;
};

/** True for an in-page anchor: it opens in place, other links in a new tab. */
export const isInPageHref = (href: string): boolean => href.startsWith('#');
