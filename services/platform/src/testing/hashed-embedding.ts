/**
 * The test model server's embeddings: a hashed bag of lower-cased words (common English words left
 * out), L2-normalised. Each word
 * lands on one of `dims` dimensions (FNV-1a) with a sign from another bit of the hash, so texts that
 * share words point the same way and unrelated texts are nearly orthogonal. Deterministic: the same
 * text always gives the same vector.
 */
export const hashedEmbeddingDims = 256;

const fnv1a = (word: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    h ^= word.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

/** Words too common to say what a text is about: left out, as a real model would weigh them little. */
const stopWords = new Set(
  (
    'a an and are as at be by do does did for from has have how in is it its of on or that the their ' +
    'this to was were what when where which who why with each other'
  ).split(' '),
);

export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

const contentWordsOf = (text: string): string[] => wordsOf(text).filter((w) => !stopWords.has(w));

export const hashedEmbedding = (text: string, dims = hashedEmbeddingDims): number[] => {
  const v = new Array<number>(dims).fill(0);
  for (const word of contentWordsOf(text)) {
    const h = fnv1a(word);
    v[h % dims]! += h & 0x80000000 ? -1 : 1;
  }
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return norm === 0 ? v : v.map((x) => x / norm);
};

/** The inputs of an OpenAI embeddings request body: `input` as one string or a list of strings. */
export const embeddingInputsOf = (body: Record<string, unknown>): string[] | null => {
  const input = body['input'];
  if (typeof input === 'string') return [input];
  if (Array.isArray(input) && input.every((x): x is string => typeof x === 'string')) return input;
  return null;
};

/** The OpenAI-shaped answer of POST /v1/embeddings. */
export const embeddingsAnswer = (inputs: readonly string[], model: string) => {
  const tokens = inputs.reduce((s, t) => s + wordsOf(t).length, 0);
  return {
    object: 'list',
    data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: hashedEmbedding(text) })),
    model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
};
