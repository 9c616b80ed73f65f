import { Fragment, type CSSProperties } from 'react';
import type { CodeToken } from './highlighter';
import { useHighlightedCode } from './use-highlighted-code';

export interface HighlightedCodeProps {
  language: string;
  code: string;
}

/** A token's colours: the stylesheet picks the light or the dark one after the page's theme. */
const tokenStyle = (token: CodeToken): CSSProperties =>
  ({
    '--code-light': token.light,
    '--code-dark': token.dark,
    fontStyle: token.italic ? 'italic' : undefined,
    fontWeight: token.bold ? 600 : undefined,
  }) as CSSProperties;

/**
 * A code block's `<code>`: highlighted for its language once the highlighter has loaded, plain text
 * until then and for languages it does not know. Its text is the code, exactly, either way.
 */
export function HighlightedCode({ language, code }: HighlightedCodeProps) {
  const highlighted = useHighlightedCode(code, language);
  const className = language ? `language-${language}` : undefined;
  if (!highlighted) return <code className={className}>{code}</code>;
  return (
    <code className={className ? `${className} code-highlighted` : 'code-highlighted'}>
      {highlighted.lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && '\n'}
          {line.map((token, j) => (
            <span key={j} className="code-token" style={tokenStyle(token)}>
              {token.content}
            </span>
          ))}
        </Fragment>
      ))}
      {highlighted.rest}
    </code>
  );
}
