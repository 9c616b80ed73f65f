// @ts-check

/**
 * services/query, in layers (docs/architecture.md, "Layers"), one way, top to bottom:
 *
 * - the entry files (index.ts, main.ts): wire the service;
 * - routes/ (the HTTP read routes) and live/ (the /live websocket), side by side;
 * - runner/: runs the projections (batches, positions, parking, read-your-writes);
 * - projections/: fold events into the `rm_*` rows;
 * - read/: reads the `rm_*` rows (also the current row a projection folds into).
 *
 * A folder imports only folders below it, never one above it nor one beside it. The runner knows
 * the projections only by what a projection is (projections/projection.ts), never the list of them:
 * the entry files hand it that.
 */
const root = 'services/query/src';
const at = (/** @type {string} */ f) => `./${root}/${f}`;

/** Top to bottom; the folders of one layer do not import each other. */
const layers = [['index.ts', 'main.ts'], ['routes', 'live'], ['runner'], ['projections'], ['read']];

/** @type {{ target: string, from: string | string[], except?: string[], message: string }[]} */
export const queryZones = layers.flatMap((layer, i) => {
  const above = layers.slice(0, i).flat();
  return layer
    .filter((f) => !f.endsWith('.ts'))
    .map((folder) => ({
      target: at(folder),
      from: [...above, ...layer.filter((f) => f !== folder)].map(at),
      message: `${root}/${folder} imports only the layers below it (entry files → routes, live → runner → projections → read), never ${above.length ? 'one above it or ' : ''}one beside it.`,
    }));
});

queryZones.push({
  target: at('runner'),
  from: at('projections'),
  except: ['./projection.ts'],
  message: `The runner knows a projection only by ${root}/projections/projection.ts: the entry files hand it the list.`,
});
