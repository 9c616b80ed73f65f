import { z } from 'zod';
import { platformMessages } from '../messages';
import { blockMessages } from './block-messages';

/** Field schemas whose messages say what a block got wrong, in the words of block-messages. */

const typed = (expected: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? blockMessages.missing : expected),
});

/** Text of at most `max` characters. */
export const blockText = (field: string, max: number) =>
  z.string(typed(blockMessages.mustBeText)).max(max, platformMessages.tooLong(field, max));

/** Text that must not be empty (after trimming). */
export const requiredBlockText = (field: string, max: number) =>
  blockText(field, max).trim().min(1, blockMessages.mustNotBeEmpty);

export const blockBoolean = () => z.boolean(typed(blockMessages.mustBeTrueOrFalse));

/** A list of at most `max` items. */
export const blockList = <T extends z.ZodType>(item: T, field: string, max: number) =>
  z.array(item, typed(blockMessages.mustBeList)).max(max, platformMessages.tooMany(field, max));

/** One of `values`. */
export const blockEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined ? blockMessages.missing : blockMessages.oneOf(values),
  });

/** A JSON object with exactly these fields (an unknown one is an error). */
export const blockObject = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, typed(blockMessages.mustBeObject));
