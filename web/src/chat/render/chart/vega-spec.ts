/** Vega and Vega-Lite `$schema` addresses (https://vega.github.io/schema/vega-lite/v6.json). */
const vegaSchema = /^https?:\/\/vega\.github\.io\/schema\/vega(?:-lite)?\//i;
/** The same, found in text that is not (yet) valid JSON. */
const vegaSchemaInText = /"\$schema"\s*:\s*"https?:\/\/vega\.github\.io\/schema\/vega(?:-lite)?\//i;

export type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export const isVegaSpec = (v: unknown): v is JsonObject =>
  isObject(v) && typeof v['$schema'] === 'string' && vegaSchema.test(v['$schema']);

/** A ```json block that is a Vega or Vega-Lite spec: its `$schema` says so (even while it is incomplete). */
export const looksLikeVegaJson = (text: string): boolean => {
  try {
    return isVegaSpec(JSON.parse(text));
  } catch {
    return vegaSchemaInText.test(text);
  }
};

/** The spec as an object, or null when the text is not a JSON object. */
export const parseChartSpec = (text: string): JsonObject | null => {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
};

/**
 * The spec without what would change how it is embedded: vega-embed merges `usermeta.embedOptions`
 * over ours (a spec could turn the expression interpreter off, name a loader, an editor URL or
 * actions). Everything else stays.
 */
export const withoutEmbedOptions = (spec: JsonObject): JsonObject => {
  const usermeta = spec['usermeta'];
  if (!isObject(usermeta) || !('embedOptions' in usermeta)) return spec;
  const { embedOptions: _dropped, ...rest } = usermeta;
  return { ...spec, usermeta: rest };
};

const compositeKeys = ['hconcat', 'vconcat', 'concat', 'facet', 'repeat'] as const;

/** The chart viewer's fixed size. */
export const chartSize = { width: 550, height: 450 } as const;

/** A Vega-Lite single view (not a Vega spec, not a composite): one the viewer can size. */
export const fitsViewer = (spec: JsonObject): boolean =>
  typeof spec['$schema'] === 'string' &&
  /vega-lite/i.test(spec['$schema']) &&
  !compositeKeys.some((k) => k in spec);

/**
 * A Vega-Lite single view fills the viewer's 550x450, axes and legend included, unless it sets its
 * own width, height or autosize. Vega specs and composites keep their own sizes.
 */
export const sizedForViewer = (spec: JsonObject): JsonObject =>
  fitsViewer(spec)
    ? {
        width: chartSize.width,
        height: chartSize.height,
        autosize: { type: 'fit', contains: 'padding' },
        ...spec,
      }
    : spec;
