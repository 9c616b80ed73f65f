import { codeSegments } from './code-segments';

/** A message's markdown with its math in the delimiters remark-math reads, and whether it holds any. */
export interface NormalisedMath {
  text: string;
  hasMath: boolean;
}

const isSpace = (ch: string | undefined): boolean => ch === undefined || /\s/.test(ch);
const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= '0' && ch <= '9';

/** The indentation of the line `at` is on, when only spaces stand before it on that line; else null. */
const lineStartIndent = (text: string, at: number): string | null => {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const before = text.slice(lineStart, at);
  return /^[ \t]*$/.test(before) ? before : null;
};

/** Whether only spaces follow `at` up to the end of its line. */
const restOfLineBlank = (text: string, at: number): boolean => {
  const newline = text.indexOf('\n', at);
  return /^[ \t]*$/.test(text.slice(at, newline === -1 ? text.length : newline));
};

/**
 * Where a single `$` at `open` closes, after the rules pandoc gives inline math: the opening `$` has
 * no space after it, the closing one no space before it and no digit after it, and no other `$` or
 * blank line stands between them. -1 when it does not close ("$5 and $10" is money, not math).
 */
const singleDollarClose = (text: string, open: number): number => {
  if (isSpace(text[open + 1]) || text[open + 1] === '$') return -1;
  for (let j = open + 1; j < text.length; j++) {
    const ch = text[j];
    if (ch === '\\') {
      j += 1;
      continue;
    }
    if (ch === '\n' && text[j + 1] === '\n') return -1;
    if (ch !== '$') continue;
    return !isSpace(text[j - 1]) && !isDigit(text[j + 1]) && text[j + 1] !== '$' ? j : -1;
  }
  return -1;
};

/** Display math on lines of its own (`$$` alone above and below), indented as the line it was on. */
const displayBlock = (tex: string, indent: string, restFollows: boolean): string =>
  `$$\n${indent}${tex.trim()}\n${indent}$$${restFollows ? `\n${indent}` : ''}`;

/** One piece of prose: `\(…\)` and `\[…\]` become `$…$` and `$$…$$`, money's `$` is escaped. */
const normaliseProse = (text: string): NormalisedMath => {
  let out = '';
  let hasMath = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === '\\' && (next === '(' || next === '[')) {
      const closer = next === '(' ? '\\)' : '\\]';
      const end = text.indexOf(closer, i + 2);
      const tex = end === -1 ? '' : text.slice(i + 2, end);
      if (end === -1 || tex.trim() === '' || tex.includes('\n\n')) {
        out += text.slice(i, i + 2);
        i += 2;
        continue;
      }
      hasMath = true;
      const indent = lineStartIndent(text, i);
      if (next === '[' && indent !== null) {
        out += displayBlock(tex, indent, !restOfLineBlank(text, end + 2));
        i = end + 2;
        while (text[i] === ' ' || text[i] === '\t') i += 1;
      } else {
        out += next === '(' ? `$${tex.trim()}$` : `$$${tex.trim()}$$`;
        i = end + 2;
      }
      continue;
    }
    if (ch === '\\') {
      out += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (ch !== '$') {
      out += ch;
      i += 1;
      continue;
    }
    if (next === '$') {
      const end = text.indexOf('$$', i + 2);
      hasMath = true;
      if (end === -1) {
        // Display math still streaming in (or left open): remark-math shows it to the end.
        out += text.slice(i);
        break;
      }
      const tex = text.slice(i + 2, end);
      const indent = lineStartIndent(text, i);
      // `$$x$$` alone on its line is display math, as the model meant (remark-math reads it inline).
      out +=
        indent !== null && restOfLineBlank(text, end + 2) && !tex.includes('\n') && tex.trim() !== ''
          ? displayBlock(tex, indent, false)
          : text.slice(i, end + 2);
      i = end + 2;
      continue;
    }
    const end = singleDollarClose(text, i);
    if (end === -1) {
      out += '\\$';
      i += 1;
      continue;
    }
    hasMath = true;
    out += text.slice(i, end + 1);
    i = end + 1;
  }
  return { text: out, hasMath };
};

/**
 * A message's markdown ready for remark-math (single-dollar inline math on): LaTeX's `\(…\)` and
 * `\[…\]` as `$…$` and `$$…$$` (display math on lines of its own when it stood alone on its line), a
 * `$` that opens no inline math (money: "$5 and $10") escaped, and nothing changed inside code
 * spans or fences. `hasMath` tells whether KaTeX is needed at all.
 */
export const normaliseMath = (markdown: string): NormalisedMath => {
  if (!/[$\\]/.test(markdown)) return { text: markdown, hasMath: false };
  let text = '';
  let hasMath = false;
  for (const segment of codeSegments(markdown)) {
    if (segment.code) {
      text += segment.text;
      continue;
    }
    const prose = normaliseProse(segment.text);
    text += prose.text;
    hasMath ||= prose.hasMath;
  }
  return { text, hasMath };
};
