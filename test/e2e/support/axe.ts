import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** The impacts a scan must not find: the ones that stop someone from using the screen. */
const blocking = new Set(['serious', 'critical']);

/** The WCAG levels a scan checks (A and AA, 2.0 to 2.2) and axe's own best practices. */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface ScanScope {
  /** CSS selectors of the parts to scan (the whole page when left out). */
  include?: string[];
  /** CSS selectors of parts to leave out (for example a layer another test scans). */
  exclude?: string[];
}

/** One violation, readable in a test's failure: the rule, its impact, where, and what it asks. */
export interface Violation {
  rule: string;
  impact: string;
  help: string;
  /** Each element that fails: its selector, then axe's explanation (for colour contrast: the colours). */
  nodes: string[];
}

const oneLine = (text: string | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

const readable = (result: Result): Violation => ({
  rule: result.id,
  impact: result.impact ?? 'unknown',
  help: result.help,
  nodes: result.nodes.map((n) => `${n.target.map(String).join(' ')} → ${oneLine(n.failureSummary)}`),
});

/** The serious and critical violations axe-core finds on the page (or the scanned parts of it). */
export async function seriousViolations(page: Page, scope: ScanScope = {}): Promise<Violation[]> {
  let builder = new AxeBuilder({ page }).withTags(tags);
  for (const selector of scope.include ?? []) builder = builder.include(selector);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.filter((v) => blocking.has(v.impact ?? '')).map(readable);
}
