import { Parser } from 'htmlparser2';
import { documentMessages } from '@app/contracts';
import type { Refusal } from './types';

export interface HtmlShapeLimits {
  htmlDepth: number;
  htmlElements: number;
}

class OverLimit extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason);
  }
}

/**
 * How deep a page's elements nest and how many there are, read with the same tokenizer html-to-text
 * parses with (htmlparser2) but without building the tree, and stopped at the first limit passed:
 * before a page is converted, whose converter would build and walk the whole tree.
 */
export const checkHtmlShape = (html: string, limits: HtmlShapeLimits): Refusal | null => {
  let depth = 0;
  let elements = 0;
  const parser = new Parser(
    {
      onopentag: () => {
        depth += 1;
        elements += 1;
        if (depth > limits.htmlDepth)
          throw new OverLimit({
            reason: 'html-depth-limit',
            message: documentMessages.htmlDepthLimit(limits.htmlDepth),
          });
        if (elements > limits.htmlElements)
          throw new OverLimit({
            reason: 'html-element-limit',
            message: documentMessages.htmlElementLimit(limits.htmlElements),
          });
      },
      onclosetag: () => {
        depth -= 1;
      },
    },
    { decodeEntities: false },
  );
  try {
    parser.write(html);
    parser.end();
    return null;
  } catch (e) {
    if (e instanceof OverLimit) return e.refusal;
    throw e;
  }
};
