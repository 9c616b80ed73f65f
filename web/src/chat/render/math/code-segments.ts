/** A piece of a message's markdown: code (a fence or an inline code span) is left exactly as it is. */
export interface Segment {
  code: boolean;
  text: string;
}

/** A fence's opening line: three or more backticks (no backtick after them) or tildes. */
const fenceOpen = /^[ \t>]*(`{3,}(?=[^`]*$)|~{3,})/;

/** Where the fence opened by `marker` closes: the end of its closing line, or the end of the text. */
const fenceEnd = (text: string, from: number, marker: string): number => {
  const closing = new RegExp(`^[ \\t>]*${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
  let at = from;
  while (at < text.length) {
    const newline = text.indexOf('\n', at);
    const end = newline === -1 ? text.length : newline;
    if (closing.test(text.slice(at, end))) return end;
    at = end + 1;
  }
  return text.length;
};

/** Splits a line's text on inline code spans: a run of n backticks up to the next run of exactly n. */
const splitInline = (text: string, into: Segment[]): void => {
  let prose = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\' && i + 1 < text.length) {
      prose += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (ch !== '`') {
      prose += ch;
      i += 1;
      continue;
    }
    const run = /^`+/.exec(text.slice(i))?.[0] ?? '`';
    const closer = new RegExp(`(?<!\`)${run}(?!\`)`, 'g');
    closer.lastIndex = i + run.length;
    const found = closer.exec(text);
    if (!found) {
      prose += run;
      i += run.length;
      continue;
    }
    if (prose !== '') into.push({ code: false, text: prose });
    prose = '';
    const end = found.index + run.length;
    into.push({ code: true, text: text.slice(i, end) });
    i = end;
  }
  if (prose !== '') into.push({ code: false, text: prose });
};

/**
 * A message's markdown cut into prose and code: fenced blocks (``` or ~~~, indented or quoted,
 * running to the end when not closed, as while a message streams) and inline code spans.
 * Joining the segments' texts gives the message back.
 */
export const codeSegments = (text: string): Segment[] => {
  const out: Segment[] = [];
  let prose = '';
  let at = 0;
  while (at < text.length) {
    const newline = text.indexOf('\n', at);
    const lineEnd = newline === -1 ? text.length : newline;
    const marker = fenceOpen.exec(text.slice(at, lineEnd))?.[1];
    if (marker === undefined) {
      prose += text.slice(at, newline === -1 ? lineEnd : lineEnd + 1);
      at = lineEnd + 1;
      continue;
    }
    splitInline(prose, out);
    prose = '';
    const end = newline === -1 ? text.length : fenceEnd(text, lineEnd + 1, marker);
    const stop = end < text.length ? end + 1 : end;
    out.push({ code: true, text: text.slice(at, stop) });
    at = stop;
  }
  splitInline(prose, out);
  return out;
};
