/**
 * Hostile documents through the extraction pool while this process serves HTTP: per file, its outcome,
 * how long it took, the event loop's worst delay (perf_hooks' histogram) and the slowest answer to a
 * request sent to a local HTTP server every 200 ms. Beside them, the floor (the same probes with
 * nothing read) and the peer (the format's extractor alone on this thread, as before the pool) where
 * that ends in bounded time and memory. Printed figures, nothing asserted.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ExtractDocument } from '../services/workers/src/documents/extract-document';
import { chunkItems } from '../services/workers/src/documents/chunk-text';
import { defaultExtractors } from '../services/workers/src/documents/extract/index';
import { createExtractionPool } from '../services/workers/src/documents/extraction-pool';
import { extractionLimitsFrom } from '../services/workers/src/documents/extraction-limits';
import type { DocumentFormat } from '../services/workers/src/documents/types';
import {
  htmlNested,
  pdfInflatingTo,
  pdfOfManyOperators,
} from '../services/workers/test/support/hostile-documents';
import { fixed, thousands } from './stats';
import { table } from './table';

type Out = (line?: string) => void;

interface Hostile {
  label: string;
  name: string;
  format: DocumentFormat;
  bytes: Buffer;
  /** Why the peer (the extractor alone on this thread) is not run; null: it is. */
  noPeer: string | null;
}

interface Probed {
  outcome: string;
  seconds: number;
  loopMaxMs: number;
  httpMaxMs: number;
  probes: number;
}

/** Runs `work` while measuring the event loop's delay and an HTTP probe every 200 ms. */
const probed = async (url: string, work: () => Promise<string>): Promise<Probed> => {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const waits: number[] = [];
  const pending: Promise<void>[] = [];
  const timer = setInterval(() => {
    const sent = performance.now();
    pending.push(
      fetch(url)
        .then((r) => r.text())
        .then(() => void waits.push(performance.now() - sent)),
    );
  }, 200);
  loop.enable();
  const started = performance.now();
  let outcome: string;
  try {
    outcome = await work();
  } finally {
    clearInterval(timer);
    loop.disable();
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  return {
    outcome,
    seconds,
    loopMaxMs: loop.max / 1e6,
    httpMaxMs: waits.length > 0 ? Math.max(...waits) : Number.NaN,
    probes: waits.length,
  };
};

const outcomeOf = async (extract: ExtractDocument, h: Hostile): Promise<string> => {
  const r = await extract({ name: h.name, format: h.format, bytes: h.bytes });
  return 'reason' in r ? `failed: ${r.reason}` : `completed: ${thousands(r.totalItems)} items`;
};

export const hostileDocumentsSection = async (out: Out): Promise<void> => {
  const limits = extractionLimitsFrom(process.env);
  out(
    `    Hostile files through the pool (threads ${limits.threads}, ${limits.timeLimitMs / 1000} s, ${limits.memoryMb} MB, ${limits.inflatedBytes / 2 ** 20} MB inflated, HTML depth ${thousands(limits.htmlDepth)}) while this process answers HTTP every 200 ms`,
  );
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
  const pool = createExtractionPool(limits);
  try {
    const files: Hostile[] = [
      {
        label: 'pdf: one page, 3,000,000 text operators',
        name: 'ops.pdf',
        format: 'pdf',
        bytes: pdfOfManyOperators(3_000_000),
        noPeer: null,
      },
      {
        label: 'html: 300,000 nested elements',
        name: 'deep.html',
        format: 'html',
        bytes: htmlNested(300_000),
        noPeer:
          'the nested page: html-to-text alone blocks this thread over a minute, then overflows its stack',
      },
      ...(await Promise.all(
        [400, 500, 600].map(async (mb) => ({
          label: `pdf: a stream inflating to ${mb} MB`,
          name: `bomb-${mb}.pdf`,
          format: 'pdf' as const,
          bytes: await pdfInflatingTo(mb),
          noPeer: 'the bombs: PDF.js alone holds what each stream inflates to (400-600 MB) on this thread',
        })),
      )),
      {
        label: 'pdf: 600 MB, the stream labelled an image',
        name: 'disguised.pdf',
        format: 'pdf',
        bytes: await pdfInflatingTo(600, true),
        noPeer: 'the bombs: PDF.js alone holds what each stream inflates to (400-600 MB) on this thread',
      },
    ];
    // Start the thread (tsx, PDF.js) once, unmeasured.
    await pool.extract({ name: 'warm.txt', format: 'txt', bytes: Buffer.from('warm') });
    const rows: string[][] = [];
    const row = (label: string, kb: string, p: Probed) => [
      label,
      kb,
      p.outcome,
      fixed(p.seconds, 2),
      fixed(p.loopMaxMs, 0),
      fixed(p.httpMaxMs, 0),
    ];
    const floor = await probed(url, () => new Promise((r) => setTimeout(() => r('nothing read'), 3000)));
    rows.push(row('floor: nothing read, 3 s', '', floor));
    /** As before the pool: the format's extractor on this thread, no limit. */
    const alone: ExtractDocument = async ({ format, bytes }) => {
      const { items, isImage } = await defaultExtractors[format]({ bytes, archive: null });
      return { totalItems: items.length, isImage, chunks: chunkItems(items) };
    };
    for (const f of files) {
      rows.push(
        row(f.label, thousands(f.bytes.length / 1024), await probed(url, () => outcomeOf(pool.extract, f))),
      );
      const peer = '  peer: the extractor alone on this thread';
      if (f.noPeer) rows.push([peer, '', 'not run (below)', '', '', '']);
      else rows.push(row(peer, '', await probed(url, () => outcomeOf(alone, f))));
    }
    out();
    out(table(['file', 'KB', 'outcome', 'seconds', 'loop max ms', 'HTTP max ms'], rows));
    out(`    threads retired for a limit: ${pool.retired().length}; peers not run:`);
    for (const reason of new Set(files.flatMap((f) => (f.noPeer ? [f.noPeer] : [])))) out(`      ${reason}`);
  } finally {
    await pool.close();
    await new Promise((resolve) => server.close(resolve));
  }
};
