import type { z } from 'zod';
import { blockMessages } from './block-messages';

/** A block's parse: its value, or one message saying what is wrong. */
export type BlockParse<T> = { ok: true; value: T } | { ok: false; error: string };

/** The longest block the interface reads (an assistant's instructions included). */
export const maxBlockLength = 200_000;

const pathText = (path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (text, part) =>
      typeof part === 'number' ? `${text}[${part}]` : text === '' ? String(part) : `${text}.${String(part)}`,
    '',
  );

const issueText = (issue: z.core.$ZodIssue): string => {
  const where = pathText(issue.path);
  const message =
    issue.code === 'unrecognized_keys' ? blockMessages.unknownFields(issue.keys) : issue.message;
  return where === '' ? message : `${where} ${message}`;
};

/** The problems of a failed zod parse, each with the field it concerns, at most 5. */
export const problemsOf = (error: z.ZodError): string[] => {
  const texts = [...new Set(error.issues.map(issueText))];
  return texts.length > 5 ? [...texts.slice(0, 5), `and ${texts.length - 5} more`] : texts;
};

/** One JSON object and nothing else: the block's text parsed strictly against `schema`. */
export const parseJsonBlock = <S extends z.ZodType>(
  block: string,
  text: string,
  schema: S,
): BlockParse<z.output<S>> => {
  if (text.length > maxBlockLength)
    return { ok: false, error: blockMessages.tooLarge(block, maxBlockLength) };
  if (text.trim() === '') return { ok: false, error: blockMessages.empty(block) };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const reason = e instanceof Error ? e.message : 'unreadable';
    return { ok: false, error: blockMessages.notJson(block, reason) };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, error: blockMessages.notObject(block) };
  }
  const parsed = schema.safeParse(json);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: blockMessages.invalid(block, problemsOf(parsed.error)) };
};
