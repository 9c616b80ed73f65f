import type { MermaidConfig } from 'mermaid';
import type { PageTheme } from '../theme/use-page-theme';

/**
 * How diagrams look in each of the app's themes. Light: mermaid's default look. Dark: mermaid's
 * base theme in dark mode, coloured after the app's dark palette (web/src/styles/chat.css): slate
 * boxes with light text and light lines on the message's surface, so arrows and labels stay readable.
 */
export const diagramThemes: Record<
  PageTheme,
  Pick<MermaidConfig, 'theme' | 'darkMode' | 'themeVariables'>
> = {
  light: { theme: 'default' },
  dark: {
    theme: 'base',
    darkMode: true,
    themeVariables: {
      background: '#1e293b',
      primaryColor: '#334155',
      primaryTextColor: '#f1f5f9',
      primaryBorderColor: '#93c5fd',
      secondaryColor: '#3f3a66',
      secondaryTextColor: '#f1f5f9',
      secondaryBorderColor: '#c4b5fd',
      tertiaryColor: '#273449',
      tertiaryTextColor: '#e5e7eb',
      tertiaryBorderColor: '#64748b',
      lineColor: '#cbd5e1',
      textColor: '#e5e7eb',
      titleColor: '#f1f5f9',
      edgeLabelBackground: '#273449',
      clusterBkg: '#273449',
      clusterBorder: '#64748b',
      noteBkgColor: '#3a2e0b',
      noteTextColor: '#fde68a',
      noteBorderColor: '#fbbf24',
      actorBkg: '#334155',
      actorBorder: '#93c5fd',
      actorTextColor: '#f1f5f9',
      actorLineColor: '#cbd5e1',
      signalColor: '#cbd5e1',
      signalTextColor: '#e5e7eb',
      labelBoxBkgColor: '#334155',
      labelBoxBorderColor: '#93c5fd',
      labelTextColor: '#f1f5f9',
      loopTextColor: '#e5e7eb',
      // Pie slices: distinct fills, each under white labels at 4.5:1 or more.
      pie1: '#2563eb',
      pie2: '#7c3aed',
      pie3: '#0f766e',
      pie4: '#c2410c',
      pie5: '#be185d',
      pie6: '#4d7c0f',
      pie7: '#0369a1',
      pie8: '#a16207',
      pieSectionTextColor: '#ffffff',
      pieTitleTextColor: '#f1f5f9',
      pieLegendTextColor: '#e5e7eb',
      pieStrokeColor: '#1e293b',
      pieOuterStrokeColor: '#94a3b8',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    },
  },
};
