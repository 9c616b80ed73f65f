import { describe, expect, it } from 'vitest';
import { isSameDocumentRef, mayFetch, neutraliseCssUrls } from './css-urls';

describe('neutraliseCssUrls', () => {
  it('keeps ordinary CSS and same-document references', () => {
    const css =
      '#m .node rect{fill:#ECECFF;stroke:#9370DB;} .edge{marker-end:url(#arrow);} .x{mask:url( "#m1")}';
    expect(neutraliseCssUrls(css)).toBe(css);
  });

  it('takes out external url(), @import and image-set', () => {
    expect(neutraliseCssUrls('.a{background:url(http://127.0.0.1:9/x.png)}')).toBe('.a{background:none}');
    expect(neutraliseCssUrls(".a{background:url('//evil.example/x')}")).toBe('.a{background:none}');
    expect(neutraliseCssUrls('@import url(http://e/x.css); .a{}')).toBe(' .a{}');
    expect(neutraliseCssUrls('@import "http://e/x.css";.a{}')).toBe('.a{}');
    expect(neutraliseCssUrls('.a{background:image-set("http://e/x.png" 1x)}')).not.toContain('image-set');
    expect(neutraliseCssUrls('@font-face{src:URL(/font.woff)}')).toBe('@font-face{src:none}');
  });

  it('does not let escapes spell url(', () => {
    const out = neutraliseCssUrls('.a{background:\\75 rl(http://e/x.png)}');
    expect(out).not.toContain('\\');
    expect(out).not.toMatch(/url\(/i);
  });

  it('tells which values need it', () => {
    expect(mayFetch('fill:#fff')).toBe(false);
    expect(mayFetch('fill:url(#g)')).toBe(true);
    expect(mayFetch('@IMPORT "x"')).toBe(true);
  });
});

describe('isSameDocumentRef', () => {
  it('keeps #ids only', () => {
    expect(isSameDocumentRef('#arrowhead')).toBe(true);
    expect(isSameDocumentRef('javascript:alert(1)')).toBe(false);
    expect(isSameDocumentRef('http://e/x.svg#a')).toBe(false);
    expect(isSameDocumentRef('data:image/png;base64,AA')).toBe(false);
  });
});
