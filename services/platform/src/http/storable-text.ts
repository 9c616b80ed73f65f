import type { FastifyInstance } from 'fastify';
import { identityMessages } from '@app/contracts';

/** A UTF-16 surrogate without its other half: not a character, and no jsonb value may hold one. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether PostgreSQL can store the text: no NUL character (no text or jsonb value may hold one) and
 * no lone surrogate. Either fails the insert or the query it reaches, which would answer 500.
 */
export const isStorableText = (text: string): boolean =>
  !text.includes('\u0000') && !loneSurrogate.test(text);

interface Step {
  value: unknown;
  key: string;
  parent: Step | null;
}

const shownKey = (key: string): string => (key.length > 40 ? `${key.slice(0, 40)}…` : key);

const pathOf = (step: Step): string => {
  const keys: string[] = [];
  for (let s: Step | null = step; s !== null; s = s.parent) keys.push(shownKey(s.key));
  return keys.reverse().join('.');
};

/**
 * Where a string `value` holds (a parsed body, query or params, named `root`) cannot be stored, as
 * a path such as `body.configurations.0.data` (a name that cannot be stored is reported at the
 * record holding it); null when every string and every name can be. Iterative: a body nested
 * deeper than the call stack cannot overflow it.
 */
export const unstorableTextAt = (value: unknown, root: string): string | null => {
  const stack: Step[] = [{ value, key: root, parent: null }];
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    const v = step.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return pathOf(step);
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        if (!isStorableText(key)) return pathOf(step);
        stack.push({ value: child, key, parent: step });
      }
    }
  }
  return null;
};

/**
 * Refuses (400, naming where) a request whose params, query or body hold text no column can store,
 * before any route runs: it would otherwise fail at the database with a 500, after doing work.
 */
export const installStorableTextGuard = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request, reply) => {
    const where =
      unstorableTextAt(request.params, 'params') ??
      unstorableTextAt(request.query, 'query') ??
      unstorableTextAt(request.body, 'body');
    if (where === null) return undefined;
    return reply.code(400).send({ success: false, message: identityMessages.unstorableText(where) });
  });
};
