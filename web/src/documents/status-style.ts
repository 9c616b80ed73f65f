/** How a file's processing status shows; any other status shows nothing. */
export interface StatusStyle {
  label: string;
  /** The badge's colour: a CSS class suffix (`doc-status-<colour>`). */
  colour: 'blue' | 'amber' | 'green' | 'red' | 'grey';
  /** `pulse`: animated; `mark`: a mark beside it in `markColour`; `none`: the colour alone. */
  indicator: 'none' | 'dot' | 'pulse' | 'mark';
  markColour?: 'red' | 'orange';
}

const styles: Record<string, StatusStyle> = {
  starting: { label: 'Starting', colour: 'blue', indicator: 'dot' },
  processing: { label: 'Processing', colour: 'amber', indicator: 'pulse' },
  completed: { label: 'Completed', colour: 'green', indicator: 'none' },
  failed: { label: 'Failed', colour: 'red', indicator: 'mark', markColour: 'red' },
  terminated: { label: 'Terminated', colour: 'grey', indicator: 'mark', markColour: 'orange' },
  not_found: { label: 'Error', colour: 'red', indicator: 'none' },
};

export const statusStyle = (status: string | null | undefined): StatusStyle | null =>
  status != null && Object.hasOwn(styles, status) ? (styles[status] ?? null) : null;
