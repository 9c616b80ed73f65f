/**
 * CSS from a diagram (mermaid's `<style>`, `style` attributes, `classDef`s a model wrote) with every
 * way of fetching a resource taken out: `@import`, `url(...)` other than a same-document `url(#id)`,
 * and `image-set(...)`. Escapes go first, so `\75 rl(` cannot spell `url(`.
 */
export const neutraliseCssUrls = (css: string): string =>
  css
    .replace(/\\/g, '')
    .replace(/@import[^;]*;?/gi, '')
    .replace(/url\(\s*(?![\s'"]*#)[^)]*\)?/gi, 'none')
    .replace(/(?:-webkit-)?image-set\s*\(/gi, 'none(');

/** Whether a value may reach a resource (and so goes through `neutraliseCssUrls`). */
export const mayFetch = (value: string): boolean => /url\s*\(|@import|image-set|\\/i.test(value);

/** An `href` a sanitised diagram may keep: only a reference inside the same document. */
export const isSameDocumentRef = (href: string): boolean => href.trim().startsWith('#');
