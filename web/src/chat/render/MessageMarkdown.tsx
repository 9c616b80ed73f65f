import { createContext, lazy, Suspense, use, useMemo, type ComponentProps, type ReactNode } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { isBlockLanguage } from '@app/contracts';
import { CodeBlock } from './code/CodeBlock';
import { fenceKind, fenceOfPre } from './code-fence';
import { RenderedCode } from './RenderedCode';
import { isInPageHref, safeLinkHref } from './safe-url';
import { normaliseMath } from './math/math-delimiters';
import { useMathPlugins } from './math/use-math-plugins';
import '../../styles/chat-render.css';

const DiagramViewer = lazy(() => import('./diagram/DiagramViewer'));
const ChartViewer = lazy(() => import('./chart/ChartViewer'));
const BlockView = lazy(() => import('../../blocks'));

export interface MessageMarkdownProps {
  text: string;
  /** True while the message is still streaming: viewers wait for the end. */
  streaming: boolean;
  /** The model that repairs a chart's invalid JSON; the cheapest model open to the user when left out. */
  repairModel?: string;
}

/** react-markdown's URL step: links and images keep only http, https, mailto and in-page addresses. */
const urlTransform = (url: string): string | null => safeLinkHref(url);

const Link = ({ href, children }: ComponentProps<'a'> & ExtraProps) =>
  href ? (
    isInPageHref(href) ? (
      <a href={href}>{children}</a>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    )
  ) : (
    <span className="md-unsafe-link">{children}</span>
  );

/** A model's image is never loaded (that would be a fetch a model chose): its alt text, linking to it. */
const Image = ({ src, alt }: ComponentProps<'img'> & ExtraProps) => {
  const label = `Image: ${alt || (typeof src === 'string' ? src : '')}`.trim();
  return typeof src === 'string' && src !== '' && !isInPageHref(src) ? (
    <a className="md-image-link" href={src} target="_blank" rel="noopener noreferrer nofollow">
      {label}
    </a>
  ) : (
    <span className="md-image-link">{label}</span>
  );
};

const Table = ({ children }: ComponentProps<'table'> & ExtraProps) => (
  <div className="md-table-wrap" tabIndex={0}>
    <table>{children}</table>
  </div>
);

const viewerFallback = (code: string): ReactNode => <RenderedCode code={code} waiting={false} />;

interface FenceSettings {
  streaming: boolean;
  repairModel: string | undefined;
}

/** What the fences of one message need to know: the components themselves stay the same objects. */
const FenceContext = createContext<FenceSettings>({ streaming: false, repairModel: undefined });

/** A fenced block (react-markdown's `<pre>`): a diagram, a chart or a code block. */
const Fenced = ({ node }: ComponentProps<'pre'> & ExtraProps) => {
  const { streaming, repairModel } = use(FenceContext);
  if (!node) return null;
  const fence = fenceOfPre(node);
  switch (fenceKind(fence)) {
    case 'diagram':
      return (
        <Suspense fallback={viewerFallback(fence.text)}>
          <DiagramViewer code={fence.text} streaming={streaming} />
        </Suspense>
      );
    case 'chart':
      return (
        <Suspense fallback={viewerFallback(fence.text)}>
          <ChartViewer code={fence.text} streaming={streaming} repairModel={repairModel} />
        </Suspense>
      );
    case 'block':
      return isBlockLanguage(fence.language) ? (
        <Suspense fallback={viewerFallback(fence.text)}>
          <BlockView language={fence.language} text={fence.text} streaming={streaming} />
        </Suspense>
      ) : null;
    case 'code':
      return <CodeBlock language={fence.language} code={fence.text} />;
  }
};

const components: Components = { a: Link, img: Image, table: Table, pre: Fenced };
const remarkPlugins = [remarkGfm];
const noRehypePlugins: never[] = [];

/**
 * A message's text as markdown (GFM), safe for a model's output: raw HTML is dropped, links open in
 * a new tab without an opener and only to http, https or mailto, images are not loaded. Fenced
 * ```mermaid blocks become diagrams, Vega / Vega-Lite specs charts (both loaded on first use), other
 * fences code blocks with Copy and Download, highlighted. Math (`$…$`, `\(…\)`, `$$…$$`, `\[…\]`,
 * never inside code) is drawn with KaTeX, loaded only for a message that holds math.
 */
export default function MessageMarkdown({ text, streaming, repairModel }: MessageMarkdownProps) {
  const settings = useMemo(() => ({ streaming, repairModel }), [streaming, repairModel]);
  const source = useMemo(() => normaliseMath(text), [text]);
  const math = useMathPlugins(source.hasMath);
  const remark = useMemo(() => (math ? [...remarkPlugins, ...math.remark] : remarkPlugins), [math]);
  return (
    <FenceContext value={settings}>
      <div className="message-markdown">
        <Markdown
          remarkPlugins={remark}
          rehypePlugins={math?.rehype ?? noRehypePlugins}
          skipHtml
          urlTransform={urlTransform}
          components={components}
        >
          {source.text}
        </Markdown>
      </div>
    </FenceContext>
  );
}
