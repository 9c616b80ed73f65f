// @ts-check
import { featureZones } from './feature-zones.js';

const root = 'web/src';
const at = (/** @type {string} */ folder) => `./${root}/${folder}`;

/**
 * web/src, laid out by capability (docs/architecture.md, "Layers"): app/ and main.tsx are the
 * entry, every other folder is a feature except the shared ones. One way: entry → feature →
 * shared; a feature imports another only through its index.ts. Among the shared folders, api (the
 * HTTP and /live clients) stands on nothing of ours, and ui (components, hooks for the screen)
 * shows what it is given: it reads no app state.
 */
export const webZones = [
  ...featureZones(root, {
    shared: ['api', 'state', 'ui', 'styles'],
    entries: ['app', 'main.tsx'],
    ignore: ['app'],
  }),
  {
    target: at('api'),
    from: [at('state'), at('ui'), at('styles')],
    message: `${root}/api is the HTTP and /live clients: it imports no state, ui or styles.`,
  },
  {
    target: at('ui'),
    from: at('state'),
    message: `${root}/ui shows what it is given (props): it reads no app state (${root}/state).`,
  },
];
