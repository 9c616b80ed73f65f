import { describe, expect, it } from 'vitest';
import { codeSegments } from './code-segments';
import { normaliseMath } from './math-delimiters';

const text = (markdown: string) => normaliseMath(markdown).text;

describe('normaliseMath', () => {
  it('keeps dollar math as it is and says it holds math', () => {
    expect(normaliseMath('Einstein: $E = mc^2$.')).toEqual({ text: 'Einstein: $E = mc^2$.', hasMath: true });
    expect(normaliseMath('$$\n\\int_0^1 x\\,dx\n$$')).toEqual({
      text: '$$\n\\int_0^1 x\\,dx\n$$',
      hasMath: true,
    });
    expect(text('so $a$b and $100x$ too')).toBe('so $a$b and $100x$ too');
  });

  it('turns \\( \\) into inline and \\[ \\] into display math', () => {
    expect(normaliseMath('area \\(\\pi r^2\\) here')).toEqual({
      text: 'area $\\pi r^2$ here',
      hasMath: true,
    });
    expect(text('Then\n\\[\nx^2 + y^2 = z^2\n\\]\nso')).toBe('Then\n$$\nx^2 + y^2 = z^2\n$$\nso');
    expect(text('\\[ x^2 \\]')).toBe('$$\nx^2\n$$');
    expect(text('  \\[ x \\] after')).toBe('  $$\n  x\n  $$\n  after');
    expect(text('inline \\[x\\] display')).toBe('inline $$x$$ display');
  });

  it('puts $$…$$ alone on its line on lines of its own (display math)', () => {
    expect(text('$$E = mc^2$$\n\nnext')).toBe('$$\nE = mc^2\n$$\n\nnext');
    expect(text('a $$E$$ b')).toBe('a $$E$$ b');
  });

  it('does not turn money into math', () => {
    expect(normaliseMath('It costs $5 and $10 in total.')).toEqual({
      text: 'It costs \\$5 and \\$10 in total.',
      hasMath: false,
    });
    expect(text('between $5-$10')).toBe('between \\$5-\\$10');
    expect(text('I have $10, $3.99 and $x + y$. It is $2,000.')).toBe(
      'I have \\$10, \\$3.99 and $x + y$. It is \\$2,000.',
    );
    expect(text('a lone $ sign')).toBe('a lone \\$ sign');
  });

  it('leaves code spans and fences alone', () => {
    const fenced = '```bash\necho "$HOME costs $5" \\(x\\)\n```\nand $x$';
    expect(normaliseMath(fenced)).toEqual({ text: fenced, hasMath: true });
    expect(normaliseMath('run `echo $PATH` or ``a ` $b$``')).toEqual({
      text: 'run `echo $PATH` or ``a ` $b$``',
      hasMath: false,
    });
    const open = 'code:\n~~~\n$a$ \\[b\\]';
    expect(normaliseMath(open)).toEqual({ text: open, hasMath: false });
    expect(text('  ```sh\n  echo $1 $2\n  ```\n$5 and $6')).toBe(
      '  ```sh\n  echo $1 $2\n  ```\n\\$5 and \\$6',
    );
    // Triple backticks closed on their line are inline code, not a fence: the math after them counts.
    expect(normaliseMath('```$a$``` then $b$')).toEqual({ text: '```$a$``` then $b$', hasMath: true });
  });

  it('keeps escapes and text without math as they are', () => {
    expect(normaliseMath('plain text')).toEqual({ text: 'plain text', hasMath: false });
    expect(text('not math: \\$x\\$')).toBe('not math: \\$x\\$');
    expect(text('a path C:\\(x) and \\[link]')).toBe('a path C:\\(x) and \\[link]');
  });

  it('leaves unclosed display math open while it streams in', () => {
    expect(normaliseMath('$$\n\\frac{1}{')).toEqual({ text: '$$\n\\frac{1}{', hasMath: true });
  });
});

describe('codeSegments', () => {
  it('gives the text back when joined', () => {
    const markdown = 'a `b` c\n```ts\nconst x = 1;\n```\nd ``e`` f `unclosed';
    const segments = codeSegments(markdown);
    expect(segments.map((s) => s.text).join('')).toBe(markdown);
    expect(segments.filter((s) => s.code).map((s) => s.text)).toEqual([
      '`b`',
      '```ts\nconst x = 1;\n```\n',
      '``e``',
    ]);
  });
});
