/** The usage screens' words (the Admin Interface's Usage tab and a user's own Usage dialog). */
export const usageScreenMessages = {
  tabLabel: 'Usage',
  dialogTitle: 'Your usage',
  loading: 'Loading usage…',
  empty: 'No usage in this period.',
  loadFailed: (reason: string) => `Usage could not be loaded: ${reason}`,
  exportFailed: (reason: string) => `The CSV could not be exported: ${reason}`,
  customIncomplete: "Choose both the 'From' and 'To' days.",
  customOrder: "'From' must be on or before 'To'.",
  hourTooLong: (maxDays: number) => `Hourly buckets cover at most ${maxDays} days: choose days.`,
  utcNote: 'Days and hours are in UTC.',
  chartLabel: (metric: string, bucket: string) => `${metric} by ${bucket}`,
} as const;
