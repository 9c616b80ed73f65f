import {
  AvailableModelsResponse,
  availableModelsRoute,
  ResolvedFeatureFlagsResponse,
  routes,
} from '@app/contracts';
import { requestJson } from './http';

const waitForQuery = (waitFor?: string): string =>
  waitFor === undefined ? '' : `?${new URLSearchParams({ waitFor }).toString()}`;

/** GET /available_models: the models the signed-in user may chat with, and the default ones. */
export async function fetchAvailableModels(waitFor?: string): Promise<AvailableModelsResponse['data']> {
  const path = `${availableModelsRoute}${waitForQuery(waitFor)}`;
  return (await requestJson('getAvailableModels', path, AvailableModelsResponse)).body.data;
}

/** GET /amplifymin/feature_flags: every flag resolved for the signed-in user. */
export async function fetchUserFeatureFlags(waitFor?: string): Promise<ResolvedFeatureFlagsResponse['data']> {
  const path = `${routes.featureFlags}${waitForQuery(waitFor)}`;
  return (await requestJson('getFeatureFlags', path, ResolvedFeatureFlagsResponse)).body.data;
}
