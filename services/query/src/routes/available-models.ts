import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AvailableModelsResponse,
  availableModelsRoute,
  errorResponses,
  isModelOpenTo,
  WaitForQuery,
  type Model,
  type UserModel,
} from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from '../projections/projection';
import { readAvailableModels, readDefaultModels } from '../read/models';
import { waitForPosition } from '../read/wait-for';
import type { GroupMembership } from './feature-flags';

const forUser = ({
  isAvailable: _a,
  isBuiltIn: _b,
  exclusiveGroupAvailability: _g,
  systemPrompt: _p,
  ...m
}: Model): UserModel => m;

const byName = (a: Model, b: Model) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * GET /available_models: the available models the caller may use (a model limited to Amplify
 * groups only for their members), sorted by name, with the default, advanced and cheapest ones
 * (null when unset or not open to the caller).
 */
export const availableModelsRouteFor =
  (db: Db, projections: readonly Projection[], groupsOf: GroupMembership): FastifyPluginAsync =>
  async (app) => {
    const schema = {
      description: 'The available models the caller may use, with the default, advanced and cheapest ones.',
      querystring: WaitForQuery,
      response: { ...errorResponses, 200: AvailableModelsResponse },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(availableModelsRoute, { preValidation: app.requireUser, schema }, async (request) => {
        const { waitFor } = request.query;
        if (waitFor) await waitForPosition(db, projections, waitFor);
        const email = request.principal ?? '';
        const [available, defaults, groups] = await Promise.all([
          readAvailableModels(db),
          readDefaultModels(db),
          groupsOf(email),
        ]);
        const open = available.filter((m) => isModelOpenTo(m, groups)).sort(byName);
        const pick = (id: string): UserModel | null => {
          const m = open.find((x) => x.id === id);
          return m ? forUser(m) : null;
        };
        const answer: AvailableModelsResponse = {
          success: true,
          data: {
            models: open.map(forUser),
            default: pick(defaults.user),
            advanced: pick(defaults.advanced),
            cheapest: pick(defaults.cheapest),
          },
        };
        return answer;
      });
  };
