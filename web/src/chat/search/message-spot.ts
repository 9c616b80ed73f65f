import { matchRanges } from '@app/contracts';

/** The name of the CSS highlight (`::highlight(conversation-search-hit)`) of the word found in a message. */
export const wordHighlightName = 'conversation-search-hit';

/** Where in a message the first searched word is: a DOM Range over it, or null (none shown as text). */
export function firstWordRange(element: HTMLElement, words: readonly string[]): Range | null {
  if (words.length === 0) return null;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const [first] = matchRanges(text, words);
    if (!first) continue;
    const range = document.createRange();
    range.setStart(node, first.start);
    range.setEnd(node, first.start + first.length);
    return range;
  }
  return null;
}

/** The nearest ancestor that scrolls vertically (the message list), else the page. */
const scrollerOf = (element: HTMLElement): HTMLElement => {
  for (let at = element.parentElement; at !== null; at = at.parentElement) {
    const { overflowY } = getComputedStyle(at);
    if ((overflowY === 'auto' || overflowY === 'scroll') && at.scrollHeight > at.clientHeight) return at;
  }
  return document.scrollingElement instanceof HTMLElement ? document.scrollingElement : document.body;
};

const inWindow = (box: DOMRect): boolean => box.bottom > 0 && box.top < window.innerHeight && box.height > 0;

/** Whether the word (or, without one, the message) shows in the window. */
export const spotInView = (element: HTMLElement, range: Range | null): boolean =>
  inWindow(range ? range.getBoundingClientRect() : element.getBoundingClientRect());

/**
 * Scrolls the word to the middle of the message list (a long answer's word may be far below its
 * start); without one, the message: its middle in the middle, or its start when it is taller.
 */
export function showSpot(element: HTMLElement, range: Range | null): void {
  if (range) {
    const scroller = scrollerOf(element);
    const box = range.getBoundingClientRect();
    const frame = scroller.getBoundingClientRect();
    const top = scroller === document.scrollingElement ? 0 : frame.top;
    scroller.scrollTop += box.top - top - scroller.clientHeight / 2;
    return;
  }
  element.scrollIntoView?.({
    block: element.getBoundingClientRect().height > window.innerHeight * 0.8 ? 'start' : 'center',
  });
}

/** Marks the word with the CSS Custom Highlight API where the browser has it (no DOM change). */
export function highlightWord(range: Range | null): () => void {
  const registry = typeof CSS !== 'undefined' && 'highlights' in CSS ? CSS.highlights : undefined;
  if (!range || !registry || typeof Highlight === 'undefined') return () => undefined;
  registry.set(wordHighlightName, new Highlight(range));
  return () => registry.delete(wordHighlightName);
}
