import {
  ClientSideRowModelModule,
  ModuleRegistry,
  RowAutoHeightModule,
  ValidationModule,
  themeQuartz,
} from 'ag-grid-community';

// AG Grid 36: features come as modules, registered once before the first grid renders. Only what
// our tables use (AllCommunityModule would add about 800 kB); ValidationModule names a missing
// module in development.
ModuleRegistry.registerModules([ClientSideRowModelModule, RowAutoHeightModule]);
if (import.meta.env.DEV) ModuleRegistry.registerModules([ValidationModule]);

/** The app's grid look: Quartz with the app's font and colours (its variables: light or dark theme). */
export const gridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 14,
  accentColor: 'var(--accent)',
  backgroundColor: 'var(--surface)',
  foregroundColor: 'var(--text)',
  borderColor: 'var(--border)',
  headerBackgroundColor: 'var(--surface-muted)',
  headerFontWeight: 600,
  wrapperBorderRadius: 8,
  spacing: 7,
});
