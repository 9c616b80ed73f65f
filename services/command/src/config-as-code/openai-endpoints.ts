import { z } from 'zod';
import {
  configAsCodeMessages,
  displayUrl,
  maskUrlCredentials,
  maxEndpointUrlLength,
  nameMapFrom,
  type OpenAiEndpointsSection,
} from '@app/contracts';
import type { SavedEndpoint } from '../configurations/index';
import type { OpenAiEndpointsState } from '../configurations/index';
import { resolveSecretField } from './application-values';
import type { PlanContext, SectionCodec } from './section-codec';
import {
  hasPlaceholder,
  isSecretReference,
  placeholderName,
  planError,
  sameContent,
  whereIn,
  zodMessage,
} from './values';

const section = 'openaiEndpoints' as const;

const SecretField = z.union([
  z.string().max(maxEndpointUrlLength),
  z.object({ secret: z.string().max(400) }),
]);
/** The document's form: the models in order, each with its endpoints (url, and key unless keyless). */
const EndpointsDocument = z
  .array(
    z.object({
      model: z.string().trim().min(1).max(200),
      endpoints: z
        .array(z.object({ url: SecretField, key: SecretField.nullable().optional() }))
        .max(100)
        .default([]),
    }),
  )
  .max(500);

/** `openaiEndpoints/<model>/<n>/key`: the n-th endpoint (from 1) of the model as it is saved now. */
const referenceOf = (model: string, n: number, field: 'url' | 'key') => `${section}/${model}/${n}/${field}`;

/** What tells two endpoints apart without any secret: the url as stored and the fingerprints. */
interface Identity {
  url: string;
  urlFingerprint: string;
  keyFingerprint: string;
}

const identityOf = (e: SavedEndpoint): Identity => ({
  url: e.url,
  urlFingerprint: e.urlSecret?.fingerprint ?? '',
  keyFingerprint: e.key?.fingerprint ?? '',
});

/** The saved endpoint a reference names (same model only: a save resolves masks within the model). */
const referenced = (saved: readonly SavedEndpoint[], model: string, raw: unknown, field: 'url' | 'key') => {
  if (!isSecretReference(raw)) return undefined;
  const match = raw.secret.match(/^openaiEndpoints\/(.+)\/(\d{1,4})\/(url|key)$/);
  if (!match || match[1] !== model || match[3] !== field) return undefined;
  return saved[Number(match[2]) - 1];
};

const resolveUrl = (
  where: string,
  raw: unknown,
  saved: readonly SavedEndpoint[],
  model: string,
  ctx: PlanContext,
) => {
  if (typeof raw === 'string' && placeholderName(raw) === null) {
    if (hasPlaceholder(raw)) throw planError(configAsCodeMessages.placeholderNotSecret(where));
    if (maskUrlCredentials(raw.trim()) !== raw.trim())
      throw planError(configAsCodeMessages.urlWithCredentials(where));
    return { data: raw.trim(), url: raw.trim(), urlFingerprint: '' };
  }
  const endpoint = referenced(saved, model, raw, 'url');
  const ref = isSecretReference(raw) ? raw.secret : '';
  const r = resolveSecretField(where, raw, ref, endpoint?.urlSecret, ctx);
  if (r.keep && endpoint?.urlSecret)
    return { data: endpoint.url, url: endpoint.url, urlFingerprint: endpoint.urlSecret.fingerprint };
  const value = r.keep ? '' : r.value.trim();
  const masked = maskUrlCredentials(value);
  return { data: value, url: masked, urlFingerprint: masked === value ? '' : ctx.fingerprint(value) };
};

const resolveKey = (
  where: string,
  raw: unknown,
  saved: readonly SavedEndpoint[],
  model: string,
  ctx: PlanContext,
) => {
  if (raw === undefined || raw === null || raw === '') return { data: '', keyFingerprint: '' };
  const endpoint = referenced(saved, model, raw, 'key');
  const ref = isSecretReference(raw) ? raw.secret : '';
  const r = resolveSecretField(where, raw, ref, endpoint?.key, ctx);
  if (r.keep) return { data: r.mask, keyFingerprint: endpoint?.key?.fingerprint ?? '' };
  return { data: r.value, keyFingerprint: ctx.fingerprint(r.value) };
};

/**
 * The OpenAi Endpoints tab: each model's endpoints, a url with credentials and every key by
 * reference (`{secret: "openaiEndpoints/<model>/<n>/key"}`), a keyless endpoint without `key`.
 */
export const openaiEndpointsCodec: SectionCodec<typeof section, OpenAiEndpointsState> = {
  exportSection: (state) =>
    state.map((m) => ({
      model: m.name,
      endpoints: m.endpoints.map((e, i) => ({
        url: e.urlSecret ? { secret: referenceOf(m.name, i + 1, 'url') } : e.url,
        ...(e.key ? { key: { secret: referenceOf(m.name, i + 1, 'key') } } : {}),
      })),
    })),
  planSection: (current, target, ctx) => {
    const parsed = EndpointsDocument.safeParse(target);
    if (!parsed.success) throw planError(zodMessage(section, parsed.error));
    const changes: string[] = [];
    const models = parsed.data.map((m, mi) => {
      const saved = current.find((s) => s.name === m.model)?.endpoints ?? [];
      const endpoints = m.endpoints.map((e, ei) => {
        const at = (field: string) => whereIn(section, [mi, 'endpoints', ei, field]);
        const url = resolveUrl(at('url'), e.url, saved, m.model, ctx);
        const key = resolveKey(at('key'), e.key, saved, m.model, ctx);
        return {
          url,
          key,
          id: { url: url.url, urlFingerprint: url.urlFingerprint, keyFingerprint: key.keyFingerprint },
        };
      });
      const before = saved.map(identityOf);
      const after = endpoints.map((e) => e.id);
      const has = (list: Identity[], id: Identity) => list.some((x) => sameContent(x, id));
      if (!current.some((s) => s.name === m.model)) changes.push(`+ ${m.model}`);
      for (const id of after.filter((id) => !has(before, id)))
        changes.push(`+ ${m.model}: endpoint ${displayUrl(id.url)}`);
      for (const id of before.filter((id) => !has(after, id)))
        changes.push(`- ${m.model}: endpoint ${displayUrl(id.url)}`);
      return { name: m.model, endpoints };
    });
    for (const m of current) if (!models.some((t) => t.name === m.name)) changes.push(`- ${m.name}`);
    if (changes.length === 0) return { changes, data: null };
    const data: OpenAiEndpointsSection = {
      models: models.map((m) =>
        nameMapFrom([
          [m.name, { endpoints: m.endpoints.map((e) => ({ url: e.url.data, key: e.key.data })) }],
        ]),
      ),
    };
    return { changes, data };
  },
};
