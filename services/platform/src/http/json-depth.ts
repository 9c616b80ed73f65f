import type { FastifyInstance } from 'fastify';
import { identityMessages } from '@app/contracts';

/** How deep a JSON body may nest (objects and arrays); no contract of ours comes near it. */
export const maxJsonDepth = 64;

/**
 * Whether `text` (JSON or not) opens more than `max` objects or arrays inside one another: one pass
 * over the characters, skipping strings, without parsing or recursing, so it costs the same whatever
 * the nesting (a body nested thousands deep would otherwise reach the recursive code after it).
 */
export const nestedDeeperThan = (text: string, max: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
};

class TooDeepError extends Error {
  readonly statusCode = 400;
  constructor(max: number) {
    super(identityMessages.jsonTooDeep(max));
    this.name = 'TooDeepError';
  }
}

/**
 * Every service's JSON bodies: Fastify's own parser (its prototype-poisoning checks kept), after a
 * body nested deeper than `maxJsonDepth` is refused with 400. Routes that read raw bodies (the blob
 * store's PUT) replace the parsers in their own scope.
 */
export const installJsonDepthLimit = (app: FastifyInstance, max: number = maxJsonDepth): void => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestedDeeperThan(text, max)) {
      done(new TooDeepError(max), undefined);
      return;
    }
    void parse(request, text, done);
  });
};
