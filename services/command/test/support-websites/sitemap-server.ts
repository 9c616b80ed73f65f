import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/** A small web site on 127.0.0.1 for the websites' tests: sitemaps, an index, robots.txt, pages. */
export interface SitemapServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The paths asked for, in order. */
  requests: string[];
  /** Changes what a path answers (a page's new content). */
  set(path: string, answer: Answer): void;
  close(): Promise<void>;
}

export interface Answer {
  status?: number;
  type: string;
  body: string | Buffer;
}

const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((u) => `<url><loc>${u}</loc><lastmod>2024-01-01</lastmod></url>`)
    .join('')}</urlset>`;

const sitemapIndex = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((u) => `<sitemap><loc>${u}</loc></sitemap>`)
    .join('')}</sitemapindex>`;

const xml = (body: string | Buffer): Answer => ({ type: 'application/xml', body });

export const startSitemapServer = async (): Promise<SitemapServer> => {
  const answers = new Map<string, Answer>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const answer = answers.get(path);
    if (!answer) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(answer.status ?? 200, { 'content-type': answer.type }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const at = (path: string) => `${origin}${path}`;

  answers.set(
    '/sitemap_index.xml',
    xml(sitemapIndex([at('/sitemap-a.xml'), at('/sitemap-b.xml.gz'), at('/nested.xml')])),
  );
  answers.set('/sitemap-a.xml', xml(urlset([at('/a1'), at('/a2?x=1&amp;y=2'), at('/a3')])));
  answers.set('/sitemap-b.xml.gz', {
    type: 'application/gzip',
    body: gzipSync(urlset([at('/b1'), at('/b2')])),
  });
  answers.set('/nested.xml', xml(sitemapIndex([at('/sitemap-c.xml'), at('/sitemap-a.xml')])));
  answers.set('/sitemap-c.xml', xml(urlset([at('/c1'), at('/a1')])));
  answers.set('/robots.txt', {
    type: 'text/plain',
    body: `User-agent: *\nDisallow: /private\nSitemap: ${at('/sitemap-a.xml')}\n`,
  });
  answers.set('/not-xml', { type: 'text/html', body: '<!doctype html><html><body>Hello</body></html>' });
  answers.set('/feed', xml(urlset([at('/f1')])));
  answers.set('/empty.xml', xml(urlset([])));
  answers.set('/page', {
    type: 'text/html; charset=utf-8',
    body: '<html><body><p>First version</p></body></html>',
  });
  answers.set('/picture', { type: 'image/svg+xml', body: '<svg/>' });

  return {
    origin,
    requests,
    set: (path, answer) => answers.set(path, answer),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
