import type { SectionData, SectionType } from '@app/contracts';

/**
 * What a `${NAME}` placeholder stands for and how a secret is told unchanged. `env` is the CLI's
 * environment; without it (the HTTP import) every placeholder is refused. `fingerprint` is the
 * keyring's keyed fingerprint (Keyring.fingerprint): a value equal to the saved one is found
 * without decrypting anything.
 */
export interface PlanContext {
  env?: (name: string) => string | undefined;
  fingerprint: (value: string) => string;
}

/**
 * One section's plan: the lines of its difference and, when there is one, the command to run — the
 * section's data as an admin's save sends it (secrets kept as masks, new ones as the plain values
 * the save seals), for `sectionHandlers[section]`. `data` is null when nothing differs.
 */
export interface SectionPlan<K extends SectionType = SectionType> {
  section: K;
  changes: string[];
  data: SectionData[K] | null;
}

/**
 * A section's state is what its decider folds from its stream (`config-<section>`), secrets sealed.
 * `exportSection` writes it as the document's plain value (secrets as references); `planSection`
 * reads the document's value and answers what brings the state to it. Both are pure.
 */
export interface SectionCodec<K extends SectionType, S> {
  exportSection: (state: S) => unknown;
  planSection: (current: S, target: unknown, ctx: PlanContext) => Omit<SectionPlan<K>, 'section'>;
}
