import type { Element, Root } from 'hast';
import type { Options } from 'react-markdown';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import 'katex/dist/katex.min.css';

type PluggableList = NonNullable<Options['remarkPlugins']>;

/**
 * The markdown plugins that draw math with KaTeX: loaded (with KaTeX's styles and fonts) only when
 * a message holds math. KaTeX trusts nothing (no \href, \url or \includegraphics), stays within its
 * default limits on macro expansion and size, and draws a formula it cannot read in the error colour
 * instead of throwing.
 */
export const mathRemarkPlugins: PluggableList = [[remarkMath, { singleDollarTextMath: true }]];

/** Display math that is wider than the message scrolls sideways: it can take the focus, for the keyboard. */
const focusableDisplayMath = () => (tree: Root) => {
  const visit = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      const classes = child.properties['className'];
      if (Array.isArray(classes) && classes.includes('katex-display')) child.properties['tabIndex'] = 0;
      else visit(child);
    }
  };
  visit(tree);
};

export const mathRehypePlugins: PluggableList = [
  [rehypeKatex, { trust: false, strict: 'ignore', output: 'htmlAndMathml' }],
  focusableDisplayMath,
];
