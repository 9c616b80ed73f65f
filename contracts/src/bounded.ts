import { z } from 'zod';
import { isReservedName, limits } from './limits';
import { platformMessages } from './messages';

/** How messages name the fields people name things with (the dialog's checks use them too). */
export const nameFields = {
  flagName: 'Feature flag name',
  groupName: 'Group name',
  groupReference: 'Amplify group name',
  variableName: 'Name',
  modelId: 'Model ID',
  endpointModelName: 'Model name',
} as const;

/** The message refusing a reserved name (after trimming) for `field`, or null when the name may be used. */
export const reservedNameRefusal = (field: string, name: string): string | null =>
  isReservedName(name) ? platformMessages.reservedName(field, name) : null;

/** A string of at most `max` characters; past it the message names `field` and the limit. */
export const boundedString = (field: string, max: number) =>
  z.string().max(max, platformMessages.tooLong(field, max));

/** C0 and C1 control characters and DEL: CR and LF among them, which would split an HTTP header. */
const controlCharacters = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/**
 * A bounded string that may reach an HTTP header (a file's name in Content-Disposition, its type in
 * Content-Type): no control character, so it never breaks the header or the answer that carries it.
 */
export const headerSafeString = (field: string, max: number) =>
  boundedString(field, max).regex(controlCharacters, platformMessages.controlCharacters(field));

/** A name a person types: at most `max` characters and never a reserved name (after trimming). */
export const nameString = (field: string, max: number = limits.nameLength) =>
  boundedString(field, max).superRefine((value, ctx) => {
    const refusal = reservedNameRefusal(field, value);
    if (refusal !== null) ctx.addIssue({ code: 'custom', message: refusal });
  });

/** A list of at most `max` items; past it the message names `field` and the limit. */
export const boundedList = <T extends z.ZodType>(item: T, field: string, max: number) =>
  z.array(item).max(max, platformMessages.tooMany(field, max));

/** A record of at most `max` entries; past it the message names `field` and the limit. */
export const boundedRecord = <K extends z.core.$ZodRecordKey, V extends z.ZodType>(
  key: K,
  value: V,
  field: string,
  max: number,
) => z.record(key, value).refine((r) => Object.keys(r).length <= max, platformMessages.tooMany(field, max));

export interface NameKeyedRecordOptions {
  /** The record as messages name it, e.g. 'Feature Flags'. */
  field: string;
  /** Its keys as messages name them, e.g. 'Feature flag name'. */
  keyField: string;
  /** At most this many entries. */
  max: number;
  /** Keys of at most this many characters (default: limits.nameLength). */
  keyMax?: number;
  /** The name a key is saved as, when not the key trimmed (a flag's camelCase name): refused when reserved too. */
  savedAs?: (key: string) => string;
}

/**
 * A record keyed by names people type: at most `max` entries, every key bounded and never a reserved
 * name. The keys are checked on the input as sent, before any value is parsed (a parsed record would
 * already have lost a '__proto__' key), so one message names the field and the limit.
 */
export const nameKeyedRecord = <V extends z.ZodType>(value: V, o: NameKeyedRecordOptions) =>
  z
    .unknown()
    .superRefine((input, ctx) => {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return;
      const keys = Object.keys(input);
      if (keys.length > o.max) {
        ctx.addIssue({ code: 'custom', message: platformMessages.tooMany(o.field, o.max) });
        return;
      }
      const keyMax = o.keyMax ?? limits.nameLength;
      if (keys.some((k) => k.length > keyMax)) {
        ctx.addIssue({ code: 'custom', message: platformMessages.tooLong(o.keyField, keyMax) });
        return;
      }
      for (const key of keys) {
        const refusal =
          reservedNameRefusal(o.keyField, key) ??
          (o.savedAs ? reservedNameRefusal(o.keyField, o.savedAs(key)) : null);
        if (refusal !== null) {
          ctx.addIssue({ code: 'custom', message: refusal });
          return;
        }
      }
    })
    .pipe(z.record(z.string(), value));
