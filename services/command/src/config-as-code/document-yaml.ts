import { parseDocument, stringify } from 'yaml';
import { configAsCodeMessages, configDocumentLimits } from '@app/contracts';
import { DomainError } from '@app/platform';

const depthOf = (v: unknown, limit: number, depth = 1): boolean => {
  if (depth > limit) return true;
  if (Array.isArray(v)) return v.some((i) => depthOf(i, limit, depth + 1));
  if (typeof v === 'object' && v !== null) return Object.values(v).some((i) => depthOf(i, limit, depth + 1));
  return false;
};

/**
 * A configuration document read with bounds: its size, one YAML document in the core schema (no
 * custom tags, no merge keys), no duplicate keys, no aliases (`maxAliasCount: 0`), a bounded depth.
 * Any of these is a DomainError (a 400 with its message).
 */
export const readConfigDocument = (text: string): unknown => {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > configDocumentLimits.bytes)
    throw new DomainError(configAsCodeMessages.tooLarge(configDocumentLimits.bytes));
  const doc = parseDocument(text, { schema: 'core', merge: false, uniqueKeys: true, prettyErrors: true });
  const error = doc.errors[0];
  if (error) throw new DomainError(configAsCodeMessages.notYaml(error.message.split('\n')[0] ?? error.code));
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: configDocumentLimits.aliases });
  } catch (e) {
    throw new DomainError(configAsCodeMessages.notYaml(e instanceof Error ? e.message : String(e)));
  }
  if (depthOf(value, configDocumentLimits.depth))
    throw new DomainError(configAsCodeMessages.tooDeep(configDocumentLimits.depth));
  return value;
};

const header = [
  'Configuration as code (docs/configuration-as-code.md): every section of the Admin Interface.',
  'Secrets are references ({secret: "<section>/<item>/<field>"}, the value saved now) or ${NAME}',
  'placeholders the CLI import reads from its environment; never values.',
].join('\n');

/** The document as YAML, with a comment saying what it is. */
export const writeConfigDocument = (document: Record<string, unknown>): string =>
  `${header
    .split('\n')
    .map((l) => `# ${l}`)
    .join('\n')}\n${stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 })}`;
