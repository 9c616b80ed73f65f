import { z } from 'zod';
import { boundedString } from '../bounded';

/**
 * Configuration as code (docs/configuration-as-code.md): every section of the Admin Interface as
 * one YAML document, secrets as references only; importing it appends, through the same deciders
 * as an admin's save, the commands that bring each section to the document.
 */
export const configAsCodeRoutes = {
  export: '/api/admin/config/export',
  import: '/api/admin/config/import',
} as const;

/** The document's format version (`version:` at its top). */
export const configDocumentVersion = 1;

/** Bounds of a document read: bytes, nesting depth, YAML aliases. */
export const configDocumentLimits = { bytes: 1_048_576, depth: 32, aliases: 0 } as const;

export const ConfigImportQuery = z.object({
  dryRun: z.enum(['true', 'false']).default('true'),
});

/** One section's difference: what an import changes (or would, on a dry run). */
export const SectionDifference = z.object({
  section: boundedString('The section', 100),
  label: boundedString('The label', 200),
  changes: z.array(z.string().max(2000)).max(2000),
  /** Events the import appended for the section (0 on a dry run). */
  appended: z.number().int().nonnegative(),
});
export type SectionDifference = z.infer<typeof SectionDifference>;

export const ConfigImportResponse = z.object({
  success: z.literal(true),
  dryRun: z.boolean(),
  /** Every section the document names, changed or not. */
  sections: z.array(SectionDifference),
  /** The position of the last event appended ('0': nothing was). */
  position: z.string(),
});
export type ConfigImportResponse = z.infer<typeof ConfigImportResponse>;

/** Messages of the import and export, shown by the CLI and answered by the routes. */
export const configAsCodeMessages = {
  notYaml: (reason: string) => `The file is not valid YAML: ${reason}`,
  tooLarge: (max: number) => `The file is larger than ${max} bytes.`,
  tooDeep: (max: number) => `The file nests deeper than ${max} levels.`,
  notAMapping: 'The file must be a YAML mapping of sections (see docs/configuration-as-code.md).',
  badVersion: (expected: number) => `The file's version must be ${expected}.`,
  unknownSection: (name: string) => `Unknown section '${name}' (see docs/configuration-as-code.md).`,
  invalid: (where: string, message: string) => `${where}: ${message}`,
  placeholderNotSecret: (where: string) =>
    `${where}: a \${NAME} placeholder may only stand for a secret value (a secret field).`,
  placeholdersRefused: (where: string) =>
    `${where}: \${NAME} placeholders are not accepted here; import a file with placeholders with the CLI (npm run config -- import), which reads them from its environment.`,
  placeholderUnset: (where: string, name: string) => `${where}: the environment variable ${name} is not set.`,
  secretLiteral: (where: string) =>
    `${where}: a secret is written as a \${NAME} placeholder or a {secret: "..."} reference, never as its value.`,
  unknownReference: (where: string, reference: string) =>
    `${where}: the reference '${reference}' names no current secret of this field.`,
  urlWithCredentials: (where: string) =>
    `${where}: this url carries credentials: write it as a \${NAME} placeholder.`,
  nothingToChange: 'No differences: nothing to apply.',
} as const;
