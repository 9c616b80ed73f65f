import type { Loader } from 'vega';
import { sizedForViewer, withoutEmbedOptions, type JsonObject } from './vega-spec';

export interface ChartHooks {
  /** The spec named a URL (data, an image, a link): it was refused, never fetched. */
  onRefusedUrl: () => void;
  /** Vega reported an error while running the chart (bad data, a bad expression). */
  onRuntimeError: (message: string) => void;
}

class RefusedUrl extends Error {
  constructor() {
    super('This chart may not load anything from a URL.');
    this.name = 'RefusedUrl';
  }
}

/** A Vega loader that fetches nothing: data URLs, images and links of a model's spec are refused. */
const refusingLoader = (onRefused: () => void): Loader => {
  const refuse = (): Promise<never> => {
    onRefused();
    return Promise.reject(new RefusedUrl());
  };
  return { load: refuse, sanitize: refuse, http: refuse, file: refuse };
};

const errorText = (args: unknown[]): string =>
  args
    .map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : ''))
    .join(' ')
    .trim();

/** Vega's log: errors other than our refusals are told; warnings and the rest stay out of the console. */
class ChartLogger {
  private current = 1;
  constructor(private readonly onError: (message: string) => void) {}
  level(level?: number): number | this {
    if (level === undefined) return this.current;
    this.current = level;
    return this;
  }
  error(...args: unknown[]): this {
    if (!args.some((a) => a instanceof RefusedUrl)) this.onError(errorText(args) || 'unknown error');
    return this;
  }
  warn(): this {
    return this;
  }
  info(): this {
    return this;
  }
  debug(): this {
    return this;
  }
}

/**
 * Draws a Vega or Vega-Lite spec into `el` with vega-embed, loaded on first use: expressions run in
 * Vega's interpreter (no code generation: the app's CSP allows no `eval`), nothing is fetched, no
 * actions menu, the spec's own embed options ignored. Answers the function that tears it down.
 */
export async function drawChart(el: HTMLElement, spec: JsonObject, hooks: ChartHooks): Promise<() => void> {
  const [{ default: embed }, { expressionInterpreter }] = await Promise.all([
    import('vega-embed'),
    import('vega-interpreter'),
  ]);
  const result = await embed(el, sizedForViewer(withoutEmbedOptions(spec)), {
    actions: false,
    ast: true,
    expr: expressionInterpreter,
    loader: refusingLoader(hooks.onRefusedUrl),
    logger: new ChartLogger(hooks.onRuntimeError),
    renderer: 'svg',
    defaultStyle: false,
  });
  return () => result.finalize();
}
