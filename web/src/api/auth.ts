import { AuthProvidersResponse, MeResponse, routes } from '@app/contracts';
import { z } from 'zod';
import { ApiError, requestJson, postJson } from './http';

/** The signed-in user, or null when the server answers 401 (nobody signed in). */
export async function fetchMe(): Promise<MeResponse | null> {
  try {
    return (await requestJson('getUser', routes.me, MeResponse)).body;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

/** How the sign-in page may offer to sign in: the development form, an OpenID Connect provider. */
export async function fetchAuthProviders(): Promise<AuthProvidersResponse> {
  return (await requestJson('getSignInOptions', routes.authProviders, AuthProvidersResponse)).body;
}

/** The development sign-in: sets the session cookie. */
export async function devLogin(email: string): Promise<MeResponse> {
  return postJson('signIn', routes.devLogin, MeResponse, { email });
}

export async function logout(): Promise<void> {
  await requestJson('signOut', routes.logout, z.unknown(), { method: 'POST' });
}
