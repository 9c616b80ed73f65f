import { describe, expect, it } from 'vitest';
import { canFlip, diagramTypeLabel, flipOrientation, withoutConfig } from './mermaid-source';

describe('diagramTypeLabel', () => {
  it('names the type from the first keyword', () => {
    expect(diagramTypeLabel('graph TD\n A-->B')).toBe('Flowchart');
    expect(diagramTypeLabel('flowchart LR\n A-->B')).toBe('Flowchart');
    expect(diagramTypeLabel('sequenceDiagram\n A->>B: hi')).toBe('Sequence diagram');
    expect(diagramTypeLabel('stateDiagram-v2\n [*] --> A')).toBe('State diagram');
    expect(diagramTypeLabel('pie title Pets\n "Dogs" : 3')).toBe('Pie chart');
  });

  it('skips front matter, comments and directives', () => {
    expect(
      diagramTypeLabel('---\ntitle: x\n---\n%% note\n%%{init: {}}%%\n\nerDiagram\n A ||--o{ B : has'),
    ).toBe('ER diagram');
  });

  it('says Diagram when it does not know', () => {
    expect(diagramTypeLabel('')).toBe('Diagram');
    expect(diagramTypeLabel('constructor')).toBe('Diagram');
    expect(diagramTypeLabel('somethingNew\n x')).toBe('Diagram');
  });
});

describe('flipOrientation', () => {
  it('flips a flowchart header both ways', () => {
    expect(flipOrientation('graph TD\n A-->B')).toBe('graph LR\n A-->B');
    expect(flipOrientation('graph LR\n A-->B')).toBe('graph TB\n A-->B');
    expect(flipOrientation('flowchart BT;\n A-->B')).toBe('flowchart RL;\n A-->B');
    expect(flipOrientation('flowchart RL\n A-->B')).toBe('flowchart BT\n A-->B');
  });

  it('gives a flowchart without a direction (top to bottom) left to right', () => {
    expect(flipOrientation('graph\n A-->B')).toBe('graph LR\n A-->B');
    expect(flipOrientation('%%{init: {}}%%\nflowchart\n A-->B')).toBe('%%{init: {}}%%\nflowchart LR\n A-->B');
  });

  it('flips or adds the direction statement of class and state diagrams', () => {
    expect(flipOrientation('classDiagram\n  direction RL\n  A <|-- B')).toBe(
      'classDiagram\n  direction BT\n  A <|-- B',
    );
    expect(flipOrientation('stateDiagram-v2\n [*] --> A')).toBe(
      'stateDiagram-v2\n  direction LR\n [*] --> A',
    );
  });

  it('flipping twice gives the same orientation back', () => {
    const code = 'flowchart LR\n A-->B';
    expect(flipOrientation(flipOrientation(code) ?? '')).toBe('flowchart LR\n A-->B');
  });

  it('has nothing to flip for other types', () => {
    expect(flipOrientation('sequenceDiagram\n A->>B: hi')).toBeNull();
    expect(flipOrientation('pie\n "a": 1')).toBeNull();
    expect(flipOrientation('')).toBeNull();
    expect(canFlip('graph TD\n A-->B')).toBe(true);
    expect(canFlip('gantt\n title x')).toBe(false);
  });
});

describe('withoutConfig', () => {
  it('drops init directives, one line or several, keeping the line count', () => {
    const code =
      '%%{init: {"themeCSS": "@import url(http://e/x.css);"}}%%\ngraph TD\n%%{init:\n {"theme": "dark"}\n}%%\n A-->B';
    const out = withoutConfig(code);
    expect(out).toBe('\ngraph TD\n\n\n\n A-->B');
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
  });

  it('keeps only the title of the front matter', () => {
    const code =
      '---\ntitle: Sales\nconfig:\n  themeVariables:\n    fontFamily: "x} svg{background:url(http://e/y)}"\n---\ngraph TD\n A-->B';
    expect(withoutConfig(code)).toBe('---\ntitle: Sales\n\n\n\n---\ngraph TD\n A-->B');
  });

  it('leaves plain diagrams and comments as they are', () => {
    const code = 'graph TD\n  %% a comment\n  A-->B';
    expect(withoutConfig(code)).toBe(code);
    expect(withoutConfig('---\nnot closed')).toBe('---\nnot closed');
  });
});
