import { cpus } from 'node:os';
import { z } from 'zod';
import { fileLimits } from '@app/contracts';

/**
 * What one document may cost while it is read, in the extraction pool's worker thread
 * (docs/architecture.md, Documents): past any of these the document is `failed` with a message that
 * names the limit, and the thread that read it is thrown away.
 */
export interface ExtractionLimits {
  /** Worker threads reading documents at once (DOCUMENT_WORKERS). */
  threads: number;
  /** Wall time one document may take once its thread starts on it (DOCUMENT_TIME_LIMIT_SECONDS). */
  timeLimitMs: number;
  /** The thread's JS heap cap and the bound on its heap plus buffers (DOCUMENT_MEMORY_MB). */
  memoryMb: number;
  /** What a PDF's compressed streams may inflate to, all told (the Office archives' budget). */
  inflatedBytes: number;
  /** HTML: how deep elements may nest, and how many there may be. */
  htmlDepth: number;
  htmlElements: number;
}

/** One thread on a machine of two cores or fewer, else half the cores (at most 4). */
export const defaultThreads = (cores = cpus().length): number =>
  Math.max(1, Math.min(4, Math.floor(cores / 2)));

export const defaultExtractionLimits = (): ExtractionLimits => ({
  threads: defaultThreads(),
  timeLimitMs: 60_000,
  memoryMb: 512,
  inflatedBytes: fileLimits.archiveUncompressedBytes,
  htmlDepth: 1_000,
  htmlElements: 500_000,
});

const optionalInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional();

/** The settings of the pool, read where the workers start (both the split service and the embedded default). */
const ExtractionSettings = z.object({
  DOCUMENT_WORKERS: optionalInt(1, 64),
  DOCUMENT_TIME_LIMIT_SECONDS: optionalInt(1, 3_600),
  DOCUMENT_MEMORY_MB: optionalInt(64, 16_384),
});

/** The limits from the environment (unset: the defaults); a value out of range refuses to start. */
export const extractionLimitsFrom = (env: NodeJS.ProcessEnv = process.env): ExtractionLimits => {
  const parsed = ExtractionSettings.safeParse({
    DOCUMENT_WORKERS: env['DOCUMENT_WORKERS'] || undefined,
    DOCUMENT_TIME_LIMIT_SECONDS: env['DOCUMENT_TIME_LIMIT_SECONDS'] || undefined,
    DOCUMENT_MEMORY_MB: env['DOCUMENT_MEMORY_MB'] || undefined,
  });
  if (!parsed.success)
    throw new Error(
      `Invalid document extraction settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const s = parsed.data;
  const limits = defaultExtractionLimits();
  return {
    ...limits,
    ...(s.DOCUMENT_WORKERS ? { threads: s.DOCUMENT_WORKERS } : {}),
    ...(s.DOCUMENT_TIME_LIMIT_SECONDS ? { timeLimitMs: s.DOCUMENT_TIME_LIMIT_SECONDS * 1000 } : {}),
    ...(s.DOCUMENT_MEMORY_MB ? { memoryMb: s.DOCUMENT_MEMORY_MB } : {}),
  };
};
