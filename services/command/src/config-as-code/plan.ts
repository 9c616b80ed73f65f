/**
 * Configuration as code, the plan (docs/configuration-as-code.md): pure functions per section.
 *
 *   exportSection(section, state) → the section's YAML value (secrets as references, never values)
 *   planSection(section, current, target, ctx) → SectionPlan { section, changes, data }
 *
 * `current` is the section's state as its decider folds it from `config-<section>` (loadSectionStates,
 * or a fold up to any position of the log); `target` is the section's value in a document (as
 * exportSection writes it); `ctx` says what `${NAME}` placeholders stand for (the CLI's environment;
 * absent: refused) and gives the keyring's fingerprint. A plan's `data` is the command to run — the
 * section's data as an admin's save sends it, for `sectionHandlers[section]` (applyPlans) — or null
 * when the state already is the target. A secret reference keeps the value saved now (its mask in
 * `data`). A mistake in `target` throws a DomainError whose message names the section and field.
 *
 * planConfiguration / exportConfiguration do the same for a whole document (`version: 1` and one
 * key per section; a section the document leaves out is left as it is).
 */
import {
  configAsCodeMessages,
  configDocumentVersion,
  isSectionType,
  sectionTypes,
  type SectionType,
} from '@app/contracts';
import { applicationSecretsCodec, applicationVariablesCodec } from './application-values';
import { adminsCodec, amplifyGroupsCodec, valueCardCodecs } from './configuration-cards';
import { featureFlagsCodec } from './feature-flags';
import { defaultModelsCodec, supportedModelsCodec } from './models';
import { openaiEndpointsCodec } from './openai-endpoints';
import type { PlanContext, SectionCodec, SectionPlan } from './section-codec';
import { planError } from './values';

export type { PlanContext, SectionPlan } from './section-codec';

/** Each section's states as its decider folds them (secrets sealed). */
export type SectionStates = Record<SectionType, unknown>;

/** Every section's codec: a section added to the contracts without one fails the typecheck. */
const codecs: { [K in SectionType]: SectionCodec<K, never> } = {
  admins: adminsCodec,
  featureFlags: featureFlagsCodec,
  supportedModels: supportedModelsCodec,
  defaultModels: defaultModelsCodec,
  ...valueCardCodecs,
  amplifyGroups: amplifyGroupsCodec,
  applicationVariables: applicationVariablesCodec,
  applicationSecrets: applicationSecretsCodec,
  openaiEndpoints: openaiEndpointsCodec,
};

// The states are the deciders' own; each codec reads the state of its section only.
const codecOf = <K extends SectionType>(section: K) => codecs[section] as unknown as SectionCodec<K, unknown>;

/** The section's value in a document, secrets as references. */
export const exportSection = (section: SectionType, state: unknown): unknown =>
  codecOf(section).exportSection(state);

/** What brings the section from `current` to the document's `target` (see the header). */
export const planSection = <K extends SectionType>(
  section: K,
  current: unknown,
  target: unknown,
  ctx: PlanContext,
): SectionPlan<K> => ({ section, ...codecOf(section).planSection(current, target, ctx) });

/** The whole document: its version, then every section in the Admin Interface's order. */
export const exportConfiguration = (states: SectionStates): Record<string, unknown> => ({
  version: configDocumentVersion,
  ...Object.fromEntries(sectionTypes.map((s) => [s, exportSection(s, states[s])])),
});

/** One plan per section the document names, in the Admin Interface's order. */
export const planConfiguration = (
  states: SectionStates,
  document: unknown,
  ctx: PlanContext,
): SectionPlan[] => {
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw planError(configAsCodeMessages.notAMapping);
  const doc = document as Record<string, unknown>;
  if (doc['version'] !== configDocumentVersion)
    throw planError(configAsCodeMessages.badVersion(configDocumentVersion));
  const unknown = Object.keys(doc).find((k) => k !== 'version' && !isSectionType(k));
  if (unknown !== undefined) throw planError(configAsCodeMessages.unknownSection(unknown));
  return sectionTypes.filter((s) => Object.hasOwn(doc, s)).map((s) => planSection(s, states[s], doc[s], ctx));
};
