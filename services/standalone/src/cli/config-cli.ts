/**
 * `npm run config -- <command>`: configuration as code (docs/configuration-as-code.md).
 *
 *   export [--out FILE]         every section as YAML (stdout, or FILE); secrets as references
 *   import FILE [--dry-run]     the difference section by section; applied unless --dry-run
 *
 * The database is the one `npm start` uses (DATABASE_URL, else the embedded default's cluster);
 * `${NAME}` placeholders in a file's secret fields are read from this command's environment.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configFileActor } from '@app/contracts';
import {
  createSecretBox,
  DomainError,
  loadSettings,
  loopbackAllowEntries,
  masterKeyFrom,
  parseAllowList,
  type Settings,
} from '@app/platform';
import { differenceText, exportConfigurationYaml, importConfiguration } from '@app/command';
import { asksForHelp, parseOptions, runCli, withCliDatabase } from './cli-run';
import { CliError } from './connection';
import { note } from './output';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const usage = `Usage: npm run config -- <command>

  export [--out FILE]       write every section of the configuration as YAML (stdout unless --out);
                            secrets are references, never values
  import FILE [--dry-run]   print the difference section by section and, without --dry-run, apply it
                            through the same rules as an admin's save; \${NAME} in a secret field is
                            read from this command's environment

Database: DATABASE_URL, else the embedded default's (DATA_DIR). Master key (import): APP_MASTER_KEY,
APP_MASTER_KEY_FILE, else DATA_DIR/master-key. See docs/configuration-as-code.md.
`;

type Command =
  { name: 'help' } | { name: 'export'; out?: string } | { name: 'import'; file: string; dryRun: boolean };

export const parseConfigCommand = (argv: readonly string[]): Command => {
  const [name, ...rest] = argv;
  if (name === undefined || asksForHelp(name, rest)) return { name: 'help' };
  if (name === 'export') {
    const { values } = parseOptions(rest, { out: { type: 'string' } });
    return typeof values.out === 'string' ? { name, out: values.out } : { name };
  }
  if (name === 'import') {
    const [file, ...options] = rest;
    if (file === undefined || file.startsWith('-')) throw new CliError('import needs the file to read');
    const { values } = parseOptions(options, { 'dry-run': { type: 'boolean' } });
    return { name, file, dryRun: values['dry-run'] === true };
  }
  throw new CliError(`Unknown command "${name}"`);
};

/** The master key the platform runs with: as `npm start` finds it. */
const masterKey = (settings: Settings): Buffer => {
  const given = masterKeyFrom({
    name: 'APP_MASTER_KEY',
    value: settings.APP_MASTER_KEY,
    file: settings.APP_MASTER_KEY_FILE,
  });
  if (given) return given;
  const file = path.resolve(repoRoot, settings.DATA_DIR, 'master-key');
  const fromFile = existsSync(file) ? masterKeyFrom({ name: 'APP_MASTER_KEY', file }) : undefined;
  if (fromFile) return fromFile;
  throw new CliError('The master key is needed: set APP_MASTER_KEY or APP_MASTER_KEY_FILE.');
};

const main = async (): Promise<void> => {
  const command = parseConfigCommand(process.argv.slice(2));
  if (command.name === 'help') {
    process.stdout.write(usage);
    return;
  }
  const settings = loadSettings();
  const text = command.name === 'import' ? await readFile(command.file, 'utf8') : '';
  await withCliDatabase(settings, async ({ db }) => {
    if (command.name === 'export') {
      const yaml = await exportConfigurationYaml(db);
      if (command.out) await writeFile(command.out, yaml, { mode: 0o600 });
      else process.stdout.write(yaml);
      return;
    }
    const result = await importConfiguration(db, text, {
      dryRun: command.dryRun,
      actor: configFileActor(command.file),
      secrets: createSecretBox(masterKey(settings)),
      env: (name) => process.env[name],
      endpointAllow: parseAllowList(settings.OUTBOUND_ALLOW ?? loopbackAllowEntries),
    }).catch((e: unknown) => {
      throw e instanceof DomainError ? new Error(e.message) : e;
    });
    process.stdout.write(`${differenceText(result)}\n`);
    const appended = result.sections.reduce((n, s) => n + s.appended, 0);
    note(
      command.dryRun
        ? 'dry run: nothing applied'
        : appended > 0
          ? `applied: ${appended} events appended (up to position ${result.position})`
          : 'nothing to apply',
    );
  });
};

runCli(main, 'config');
