/** The diagram's width in px: 250 to 4000 in steps of 100, 500 at first. */
export const diagramZoom = { min: 250, max: 4000, step: 100, initial: 500 } as const;

const clamp = (px: number): number => Math.min(diagramZoom.max, Math.max(diagramZoom.min, px));

export const zoomIn = (px: number): number => clamp(px + diagramZoom.step);
export const zoomOut = (px: number): number => clamp(px - diagramZoom.step);
export const canZoomIn = (px: number): boolean => px < diagramZoom.max;
export const canZoomOut = (px: number): boolean => px > diagramZoom.min;
export const sizeLabel = (px: number): string => `${px}px`;
