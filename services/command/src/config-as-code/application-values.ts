import { configAsCodeMessages, maskOf, nameMapFrom, ownValue, sectionSchemas } from '@app/contracts';
import type { NamedValuesState } from '../configurations/index';
import type { PlanContext, SectionCodec } from './section-codec';
import { isSecretReference, placeholderName, planError, whereIn, zodMessage } from './values';

type Section = 'applicationVariables' | 'applicationSecrets';

/** What a value of the document resolves to: the saved value kept, or a new value to seal. */
type Resolved = { keep: true; mask: string } | { keep: false; value: string };

/** A secret field's value: `${NAME}` from the environment, or a reference to the saved value. */
export const resolveSecretField = (
  where: string,
  raw: unknown,
  reference: string,
  saved: { last4: string; fingerprint: string } | undefined,
  ctx: PlanContext,
): Resolved => {
  if (isSecretReference(raw)) {
    if (raw.secret !== reference || !saved)
      throw planError(configAsCodeMessages.unknownReference(where, raw.secret));
    return { keep: true, mask: maskOf(saved.last4) };
  }
  const name = typeof raw === 'string' ? placeholderName(raw) : null;
  if (name === null) throw planError(configAsCodeMessages.secretLiteral(where));
  if (!ctx.env) throw planError(configAsCodeMessages.placeholdersRefused(where));
  const value = ctx.env(name);
  if (value === undefined) throw planError(configAsCodeMessages.placeholderUnset(where, name));
  return saved && saved.fingerprint === ctx.fingerprint(value)
    ? { keep: true, mask: maskOf(saved.last4) }
    : { keep: false, value };
};

/**
 * The Application Variables tab: Application Environment Variables and Application Secrets, both
 * sealed. The document names each value by reference (`{secret: "applicationSecrets/NAME"}`); an
 * import takes `${ENV_NAME}` placeholders from the CLI's environment, or a reference to keep.
 */
const namedValuesCodec = (section: Section): SectionCodec<Section, NamedValuesState> => ({
  exportSection: (state) =>
    Object.fromEntries(
      Object.keys(state)
        .sort()
        .map((name) => [name, { secret: `${section}/${name}` }]),
    ),
  planSection: (current, target, ctx) => {
    if (typeof target !== 'object' || target === null || Array.isArray(target))
      throw planError(configAsCodeMessages.invalid(whereIn(section, []), 'expected a mapping of names'));
    const changes: string[] = [];
    const entries = Object.entries(target).map(([name, raw]) => {
      const saved = ownValue(current, name);
      const r = resolveSecretField(whereIn(section, [name]), raw, `${section}/${name}`, saved, ctx);
      if (!saved) changes.push(`+ ${name}: a new value`);
      else if (!r.keep) changes.push(`~ ${name}: a new value`);
      return [name, r.keep ? r.mask : r.value] as const;
    });
    const names = new Set(entries.map(([name]) => name));
    for (const name of Object.keys(current).sort()) if (!names.has(name)) changes.push(`- ${name}`);
    const parsed = sectionSchemas[section].safeParse(nameMapFrom(entries));
    if (!parsed.success) throw planError(zodMessage(section, parsed.error));
    return { changes, data: changes.length > 0 ? parsed.data : null };
  },
});

export const applicationVariablesCodec = namedValuesCodec('applicationVariables');
export const applicationSecretsCodec = namedValuesCodec('applicationSecrets');
