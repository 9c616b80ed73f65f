/**
 * What a chat message's diagrams, charts and code blocks say, shown to users word for word.
 */
export const renderMessages = {
  /** The diagram viewer's heading of an error. */
  diagramError: 'Error rendering diagram',
  diagramFailedAfterRetries: (attempts: number, reason: string) =>
    `Failed to render diagram after ${attempts} attempts: ${reason}. Please check your diagram syntax.`,
  diagramMalformed: 'Failed to display diagram. The SVG might be malformed.',
  diagramEmpty: 'No diagram content available',
  diagramNoSvg: 'Failed to generate SVG content.',
  /** A chart spec that is not JSON, even after a model tried to repair it. */
  chartParseFailed: 'Failed to parse Vega specification. Please check the JSON format.',
  /** Ours: a chart's data named by a URL is never fetched (a model must not make the browser fetch). */
  chartExternalData:
    'Some of this chart’s data or images are named by a URL and were not loaded: charts show only the data written into them.',
  chartRenderFailed: (reason: string) => `Failed to render the chart: ${reason}`,
  /** Ours: what the viewers show while they work. */
  diagramRendering: 'Rendering diagram…',
  chartRepairing: 'Repairing the chart specification…',
  chartDrawing: 'Drawing the chart…',
  /** Ours: what a viewer shows while its message is still being written. */
  waitingForMessage: 'Shown when the message is complete.',
  copied: 'Copied!',
  copyFailed: 'Could not copy: the browser refused access to the clipboard.',
  fileNameRequired: 'Enter a file name.',
  fileNameInvalid: 'A file name cannot contain / \\ or control characters.',
} as const;
