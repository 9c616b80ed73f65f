import type { FastifyServerOptions } from 'fastify';
import { pino, type Logger, type LoggerOptions } from 'pino';

/**
 * Structured JSON logs. Request bodies are never logged (Fastify logs none by default); headers that
 * carry credentials are redacted in case a serializer ever includes them.
 */
export const loggerOptions = (level: string, service: string): LoggerOptions => ({
  level,
  base: { service },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["idempotency-key"]',
      'res.headers["set-cookie"]',
      // Node's clientError hands the whole malformed request over as bytes: tokens and all.
      'err.rawPacket',
      'rawPacket',
      '*.key',
      '*.secret',
      '*.password',
      '*.token',
    ],
    censor: '[redacted]',
  },
});

export const createLogger = (level: string, service: string): Logger => pino(loggerOptions(level, service));

export const fastifyLogging = (
  logger: Logger,
): Pick<FastifyServerOptions, 'loggerInstance' | 'disableRequestLogging'> => ({
  loggerInstance: logger,
  disableRequestLogging: false,
});

export type { Logger };
