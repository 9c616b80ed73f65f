import { describe, expect, it } from 'vitest';
import {
  fitsViewer,
  isVegaSpec,
  looksLikeVegaJson,
  parseChartSpec,
  sizedForViewer,
  withoutEmbedOptions,
} from './vega-spec';

const lite = 'https://vega.github.io/schema/vega-lite/v6.json';
const vega = 'https://vega.github.io/schema/vega/v6.json';

describe('Vega spec detection', () => {
  it('a JSON object whose $schema is Vega or Vega-Lite is a spec', () => {
    expect(isVegaSpec({ $schema: lite, mark: 'bar' })).toBe(true);
    expect(isVegaSpec({ $schema: vega })).toBe(true);
    expect(isVegaSpec({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe(false);
    expect(isVegaSpec({ mark: 'bar' })).toBe(false);
    expect(isVegaSpec([{ $schema: lite }])).toBe(false);
    expect(isVegaSpec(null)).toBe(false);
  });

  it('a ```json block counts when valid with a Vega $schema, or while incomplete when its text names one', () => {
    expect(looksLikeVegaJson(JSON.stringify({ $schema: lite, mark: 'bar' }))).toBe(true);
    expect(looksLikeVegaJson(`{"$schema": "${vega}", "marks": [`)).toBe(true);
    expect(looksLikeVegaJson('{"name": "x", "values": [1, 2]}')).toBe(false);
    expect(looksLikeVegaJson('{"note": "see https://vega.github.io/schema/vega/v6.json"}')).toBe(false);
    expect(looksLikeVegaJson('not json')).toBe(false);
  });

  it('parses only JSON objects', () => {
    expect(parseChartSpec('{"a":1}')).toEqual({ a: 1 });
    expect(parseChartSpec('[1]')).toBeNull();
    expect(parseChartSpec('{"a":')).toBeNull();
  });
});

describe('withoutEmbedOptions', () => {
  it('drops usermeta.embedOptions and keeps the rest', () => {
    const spec = {
      $schema: lite,
      usermeta: { embedOptions: { ast: false, editorUrl: 'https://x' }, note: 1 },
    };
    expect(withoutEmbedOptions(spec)).toEqual({ $schema: lite, usermeta: { note: 1 } });
  });

  it('leaves a spec without them as it is', () => {
    const spec = { $schema: lite, usermeta: { note: 1 } };
    expect(withoutEmbedOptions(spec)).toBe(spec);
  });
});

describe('fitsViewer', () => {
  it('fits single Vega-Lite views, not composites nor Vega specs', () => {
    expect(fitsViewer({ $schema: lite, mark: 'bar' })).toBe(true);
    expect(fitsViewer({ $schema: lite, hconcat: [] })).toBe(false);
    expect(fitsViewer({ $schema: vega })).toBe(false);
  });
});

describe('sizedForViewer', () => {
  it('gives a single Vega-Lite view the viewer size, 550x450 with padding', () => {
    expect(sizedForViewer({ $schema: lite, mark: 'bar' })).toEqual({
      $schema: lite,
      mark: 'bar',
      width: 550,
      height: 450,
      autosize: { type: 'fit', contains: 'padding' },
    });
  });

  it('keeps the sizes a spec sets, and leaves composites and Vega specs alone', () => {
    expect(sizedForViewer({ $schema: lite, mark: 'bar', width: 300 })).toMatchObject({
      width: 300,
      height: 450,
    });
    const concat = { $schema: lite, hconcat: [] };
    expect(sizedForViewer(concat)).toBe(concat);
    const vegaSpec = { $schema: vega };
    expect(sizedForViewer(vegaSpec)).toBe(vegaSpec);
  });
});
