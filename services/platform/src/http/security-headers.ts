import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's headers on every answer, with a CSP that allows only what the app loads: its own scripts,
 * its own styles plus the inline styles AG Grid and the charts set, images and fonts from itself or
 * data: URLs, fetches and websockets to itself. No framing anywhere, no plugins, no base override.
 */
export const installSecurityHeaders = async (
  app: FastifyInstance,
  opts: { https: boolean },
): Promise<void> => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    // HSTS only means something over https; on http://localhost it would only confuse.
    strictTransportSecurity: opts.https ? { maxAge: 180 * 24 * 3600 } : false,
    crossOriginEmbedderPolicy: false,
    // Our own popups (an integration's OAuth window, polled until it closes) keep their opener; other
    // sites' windows still cannot reach this page.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
};
