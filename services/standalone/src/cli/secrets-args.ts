import { parseArgs } from 'node:util';
import { CliError } from './connection';

export type SecretsCommand =
  { name: 'help' } | { name: 'status' } | { name: 'rotate-master-key'; newKeyFile?: string };

const parse = <O extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], options: O) => {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false });
  } catch (e) {
    throw new CliError(e instanceof Error ? e.message : String(e));
  }
};

/** argv after the script: `<command> [options]`. */
export const parseSecretsCommand = (argv: readonly string[]): SecretsCommand => {
  const [name, ...rest] = argv;
  if (
    name === undefined ||
    ['help', '--help', '-h'].includes(name) ||
    rest.some((a) => a === '--help' || a === '-h')
  )
    return { name: 'help' };
  switch (name) {
    case 'status':
      parse(rest, {});
      return { name: 'status' };
    case 'rotate-master-key': {
      const { values } = parse(rest, { 'new-key-file': { type: 'string' } });
      const file = values['new-key-file'];
      return typeof file === 'string' ? { name, newKeyFile: file } : { name };
    }
    default:
      throw new CliError(`Unknown command "${name}"`);
  }
};
