import { describe, expect, it } from 'vitest';
import { canZoomIn, canZoomOut, diagramZoom, sizeLabel, zoomIn, zoomOut } from './zoom';

describe('diagram zoom', () => {
  it('starts at 500 px and moves by 100 px', () => {
    expect(diagramZoom.initial).toBe(500);
    expect(zoomIn(500)).toBe(600);
    expect(zoomOut(500)).toBe(400);
    expect(sizeLabel(600)).toBe('600px');
  });

  it('stays within 250 and 4000 px', () => {
    expect(zoomOut(300)).toBe(250);
    expect(zoomOut(250)).toBe(250);
    expect(zoomIn(3950)).toBe(4000);
    expect(zoomIn(4000)).toBe(4000);
    expect(canZoomOut(250)).toBe(false);
    expect(canZoomOut(350)).toBe(true);
    expect(canZoomIn(4000)).toBe(false);
    expect(canZoomIn(3900)).toBe(true);
  });

  it('reaches the bounds from the start in whole clicks', () => {
    let px: number = diagramZoom.initial;
    let clicks = 0;
    while (canZoomOut(px)) {
      px = zoomOut(px);
      clicks++;
    }
    expect([px, clicks]).toEqual([250, 3]);
  });
});
