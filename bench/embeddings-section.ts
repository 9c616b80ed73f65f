import { measureEmbeddings } from './embeddings';
import { measureRetrieval } from './retrieval';
import type { BenchServer } from './server';
import { fixed, thousands } from './stats';
import { table } from './table';

type Out = (line?: string) => void;
type EnvInt = (name: string, fallback: number) => number;

/**
 * (h) embedding throughput through the document-embed job beside straight batched calls to the same
 * local test model server; (i) retrieval latency of the vector store at 10,000 and 100,000 chunks.
 */
export const embeddingsSection = async (server: BenchServer, out: Out, envInt: EnvInt) => {
  const chunks = envInt('BENCH_EMBED_CHUNKS', 2000);
  out(
    `(h) Embeddings: ${thousands(chunks)} chunks of ~60 words, local test model server (256 dims), 64 inputs a call, 2 at once`,
  );
  try {
    const f = await measureEmbeddings(server, chunks);
    out();
    out(
      table(
        ['', 'chunks/s', '÷ straight'],
        [
          ['straight: batched fetch calls', thousands(f.direct), '1.00 ×'],
          [
            'the embedder (AI SDK embedMany, guarded client)',
            thousands(f.embedder),
            `${fixed(f.embedder / f.direct, 2)} ×`,
          ],
          [
            'the document-embed job (+ vectors kept, state checks)',
            thousands(f.job),
            `${fixed(f.job / f.direct, 2)} ×`,
          ],
        ],
      ),
    );
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
  out();
  const dims = envInt('BENCH_RETRIEVAL_DIMS', 256);
  const sizes = [
    { chunks: envInt('BENCH_RETRIEVAL_SMALL', 10_000), queries: envInt('BENCH_RETRIEVAL_QUERIES', 20) },
    { chunks: envInt('BENCH_RETRIEVAL_LARGE', 100_000), queries: envInt('BENCH_RETRIEVAL_LARGE_QUERIES', 5) },
  ];
  out(
    `(i) Retrieval: top 5 of ${dims}-dimensional vectors, chunks inserted straight; 100 chunks per document`,
  );
  try {
    const rows = await measureRetrieval(server, sizes, dims);
    out();
    out(
      table(
        ['search', 'chunks', 'scanned', 'queries', 'p50 ms', 'p99 ms'],
        rows.map((r) => [
          r.label,
          thousands(r.chunks),
          thousands(r.scanned),
          String(r.queries),
          fixed(r.p50, 1),
          fixed(r.p99, 1),
        ]),
      ),
    );
    out(
      '    p99 of a few queries is their slowest; BENCH_RETRIEVAL_QUERIES and BENCH_RETRIEVAL_LARGE_QUERIES raise them',
    );
    out(
      '    warm: the documents’ matrices kept in memory (LRU, 256 MB by default), checked by one query on their versions',
    );
  } catch (e) {
    out(`    skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
  out();
};
