import {
  AvailableModelsResponse,
  availableModelsRoute,
  isModelOpenTo,
  type Model,
  type UserModel,
} from '@app/contracts';
import { readAvailableModels, readDefaultModels } from '../read/models';
import { readRoute } from './read-route';

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
export const availableModelsRouteFor = readRoute({
  url: availableModelsRoute,
  who: 'user',
  description: 'The available models the caller may use, with the default, advanced and cheapest ones.',
  answer: AvailableModelsResponse,
  handle: async ({ principal }, { db, groupsOf }) => {
    const [available, defaults, groups] = await Promise.all([
      readAvailableModels(db),
      readDefaultModels(db),
      groupsOf(principal),
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
  },
});
