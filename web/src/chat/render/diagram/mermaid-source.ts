/**
 * Reading and rewriting mermaid source text: the diagram's type (its first keyword) and its
 * orientation. Pure, so the viewer can label a diagram before mermaid has loaded.
 */

interface Header {
  lines: string[];
  /** The index of the line that names the diagram type, or -1. */
  index: number;
  keyword: string;
}

/** Skips YAML front matter (`---` … `---`), blank lines and `%%` comments or directives. */
const headerOf = (code: string): Header => {
  const lines = code.split('\n');
  let i = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, j) => j > 0 && l.trim() === '---');
    i = end === -1 ? lines.length : end + 1;
  }
  for (; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '' || line.startsWith('%%')) continue;
    return { lines, index: i, keyword: /^[A-Za-z0-9_-]+/.exec(line)?.[0] ?? '' };
  }
  return { lines, index: -1, keyword: '' };
};

const labels: Record<string, string> = {
  graph: 'Flowchart',
  flowchart: 'Flowchart',
  'flowchart-elk': 'Flowchart',
  sequenceDiagram: 'Sequence diagram',
  classDiagram: 'Class diagram',
  'classDiagram-v2': 'Class diagram',
  stateDiagram: 'State diagram',
  'stateDiagram-v2': 'State diagram',
  erDiagram: 'ER diagram',
  gantt: 'Gantt chart',
  pie: 'Pie chart',
  journey: 'User journey',
  gitGraph: 'Git graph',
  mindmap: 'Mind map',
  timeline: 'Timeline',
  quadrantChart: 'Quadrant chart',
  xychart: 'XY chart',
  'xychart-beta': 'XY chart',
  sankey: 'Sankey diagram',
  'sankey-beta': 'Sankey diagram',
  requirementDiagram: 'Requirement diagram',
  C4Context: 'C4 diagram',
  C4Container: 'C4 diagram',
  C4Component: 'C4 diagram',
  C4Dynamic: 'C4 diagram',
  C4Deployment: 'C4 diagram',
  block: 'Block diagram',
  'block-beta': 'Block diagram',
  architecture: 'Architecture diagram',
  'architecture-beta': 'Architecture diagram',
  packet: 'Packet diagram',
  'packet-beta': 'Packet diagram',
  kanban: 'Kanban board',
  radar: 'Radar chart',
  'radar-beta': 'Radar chart',
  treemap: 'Treemap',
  'treemap-beta': 'Treemap',
};

/** The diagram type label the viewer shows ('Flowchart', 'Sequence diagram'...), 'Diagram' when unknown. */
export const diagramTypeLabel = (code: string): string => {
  const { keyword } = headerOf(code);
  return Object.hasOwn(labels, keyword) ? (labels[keyword] ?? 'Diagram') : 'Diagram';
};

/** Top to bottom ↔ left to right, bottom to top ↔ right to left. */
const flipped: Record<string, string> = { TB: 'LR', TD: 'LR', LR: 'TB', BT: 'RL', RL: 'BT' };
const flowchartHeader = /^(\s*(?:graph|flowchart|flowchart-elk))(?:(\s+)(TB|TD|BT|RL|LR))?\b(.*)$/;
const directionLine = /^(\s*direction\s+)(TB|BT|RL|LR)(\s*)$/;
/** Diagrams whose orientation is a `direction` statement (top to bottom when none is given). */
const withDirectionStatement = new Set([
  'classDiagram',
  'classDiagram-v2',
  'stateDiagram',
  'stateDiagram-v2',
  'erDiagram',
  'requirementDiagram',
]);

/**
 * The source with its orientation flipped, or null when the diagram type has none. Flowcharts
 * flip their header (`graph TD` → `graph LR`); class, state, ER and requirement diagrams their
 * `direction` statements (one is added when there is none).
 */
export const flipOrientation = (code: string): string | null => {
  const { lines, index, keyword } = headerOf(code);
  if (index === -1) return null;
  const out = [...lines];
  const header = lines[index] ?? '';
  if (keyword === 'graph' || keyword === 'flowchart' || keyword === 'flowchart-elk') {
    const m = flowchartHeader.exec(header);
    if (!m) return null;
    const [, head = '', gap, dir, rest = ''] = m;
    out[index] = `${head}${gap ?? ' '}${flipped[dir ?? 'TB'] ?? 'LR'}${rest}`;
    return out.join('\n');
  }
  if (!withDirectionStatement.has(keyword)) return null;
  let found = false;
  for (let i = index + 1; i < out.length; i++) {
    const m = directionLine.exec(out[i] ?? '');
    if (!m) continue;
    found = true;
    out[i] = `${m[1] ?? ''}${flipped[m[2] ?? 'TB'] ?? 'LR'}${m[3] ?? ''}`;
  }
  if (!found) out.splice(index + 1, 0, '  direction LR');
  return out.join('\n');
};

/** Whether the flip button does anything for this source. */
export const canFlip = (code: string): boolean => flipOrientation(code) !== null;

/**
 * The source without the configuration a diagram may carry: `%%{init: …}%%` directives and the
 * front matter's keys but `title`. Mermaid draws a diagram into the page before we can sanitise
 * it, and theme variables, fonts and CSS end up in its `<style>`: a model must not be able to put
 * an `@import` or a `url()` there, nor turn HTML labels back on. Line numbers stay as they were,
 * so mermaid's errors still point at the right line.
 */
export const withoutConfig = (code: string): string => {
  const blank = (text: string) => text.replace(/[^\n]/g, '');
  const lines = code.replace(/%%\{[\s\S]*?\}%%/g, blank).split('\n');
  const start = lines.findIndex((l) => l.trim() !== '');
  if (start === -1 || lines[start]?.trim() !== '---') return lines.join('\n');
  const end = lines.findIndex((l, i) => i > start && l.trim() === '---');
  if (end === -1) return lines.join('\n');
  for (let i = start + 1; i < end; i++) {
    if (!/^title:\s*[^|>\s]/.test(lines[i] ?? '')) lines[i] = '';
  }
  return lines.join('\n');
};
