import { sectionLabels, type Actor, type ConfigImportResponse, type EventMetadata } from '@app/contracts';
import type { AllowList, Db, SecretBox } from '@app/platform';
import { applyPlans } from './apply';
import { readConfigDocument, writeConfigDocument } from './document-yaml';
import { loadSectionStates } from './load';
import { exportConfiguration, planConfiguration } from './plan';

/** Every section now as the YAML document (secrets as references). */
export const exportConfigurationYaml = async (db: Db): Promise<string> =>
  writeConfigDocument(exportConfiguration(await loadSectionStates(db)));

export interface ImportOptions {
  dryRun: boolean;
  actor: Actor;
  secrets: SecretBox;
  /** `${NAME}` placeholders' values (the CLI's environment); absent: placeholders are refused. */
  env?: (name: string) => string | undefined;
  endpointAllow?: AllowList;
  metadata?: EventMetadata;
}

/**
 * Reads the document (bounded), plans every section it names against the sections now and, unless
 * a dry run, applies the plans (applyPlans: one transaction, the save's deciders). A mistake
 * anywhere is a DomainError before anything is appended.
 */
export const importConfiguration = async (
  db: Db,
  text: string,
  o: ImportOptions,
): Promise<ConfigImportResponse> => {
  const document = readConfigDocument(text);
  const states = await loadSectionStates(db);
  const plans = planConfiguration(states, document, {
    ...(o.env ? { env: o.env } : {}),
    fingerprint: (value) => o.secrets.fingerprint(value),
  });
  const applied = o.dryRun
    ? { appended: {}, position: '0' }
    : await applyPlans(db, plans, {
        actor: o.actor,
        secrets: o.secrets,
        ...(o.endpointAllow ? { endpointAllow: o.endpointAllow } : {}),
        ...(o.metadata ? { metadata: o.metadata } : {}),
      });
  return {
    success: true,
    dryRun: o.dryRun,
    sections: plans.map((p) => ({
      section: p.section,
      label: sectionLabels[p.section],
      changes: p.changes,
      appended: (applied.appended as Record<string, number | undefined>)[p.section] ?? 0,
    })),
    position: applied.position,
  };
};

/** The difference as the CLI prints it: each section named, then its lines (or 'unchanged'). */
export const differenceText = (result: ConfigImportResponse): string =>
  result.sections
    .map((s) =>
      s.changes.length === 0
        ? `${s.label}: unchanged`
        : [
            `${s.label}: ${s.changes.length} change${s.changes.length === 1 ? '' : 's'}`,
            ...s.changes.map((c) => `  ${c}`),
          ].join('\n'),
    )
    .join('\n');
