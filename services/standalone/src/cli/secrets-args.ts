import { asksForHelp, parseOptions } from './cli-run';
import { CliError } from './connection';

export type SecretsCommand =
  { name: 'help' } | { name: 'status' } | { name: 'rotate-master-key'; newKeyFile?: string };

/** argv after the script: `<command> [options]`. */
export const parseSecretsCommand = (argv: readonly string[]): SecretsCommand => {
  const [name, ...rest] = argv;
  if (name === undefined || asksForHelp(name, rest)) return { name: 'help' };
  switch (name) {
    case 'status':
      parseOptions(rest, {});
      return { name: 'status' };
    case 'rotate-master-key': {
      const { values } = parseOptions(rest, { 'new-key-file': { type: 'string' } });
      const file = values['new-key-file'];
      return typeof file === 'string' ? { name, newKeyFile: file } : { name };
    }
    default:
      throw new CliError(`Unknown command "${name}"`);
  }
};
