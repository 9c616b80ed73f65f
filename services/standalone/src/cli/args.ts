import { asksForHelp, parseOptions } from './cli-run';
import { CliError } from './connection';

export interface TailOptions {
  follow: boolean;
  stream?: string;
  type?: string;
  actor?: string;
  after?: string;
  limit?: number;
}

export interface ReplayOptions {
  projection?: string;
  until?: string;
}

export interface ParkOptions {
  projection: string;
  /** The event's global position (default: the oldest the projection failed on). */
  position?: string;
  /** Who acts, for the log (default: the operating system's user at this host). */
  by?: string;
}

export type Command =
  | { name: 'help' }
  | { name: 'tail'; options: TailOptions }
  | { name: 'replay'; options: ReplayOptions }
  | { name: 'projections' }
  | { name: 'retry' | 'skip'; options: ParkOptions };

const position = (flag: string, v: string | undefined): string | undefined => {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new CliError(`${flag} expects a position (a whole number), got "${v}"`);
  return v.replace(/^0+(?=\d)/, '');
};

const positiveInt = (flag: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1)
    throw new CliError(`${flag} expects a whole number of at least 1, got "${v}"`);
  return n;
};

/** argv after the script: `<command> [options]`. */
export const parseCommand = (argv: readonly string[]): Command => {
  const [name, ...rest] = argv;
  if (name === undefined || asksForHelp(name, rest)) return { name: 'help' };
  switch (name) {
    case 'tail': {
      const { values } = parseOptions(rest, {
        follow: { type: 'boolean', short: 'f' },
        stream: { type: 'string' },
        type: { type: 'string' },
        actor: { type: 'string' },
        after: { type: 'string' },
        limit: { type: 'string' },
      });
      const options: TailOptions = { follow: values.follow ?? false };
      if (values.stream !== undefined) options.stream = values.stream;
      if (values.type !== undefined) options.type = values.type;
      if (values.actor !== undefined) options.actor = values.actor.trim().toLowerCase();
      const after = position('--after', values.after);
      if (after !== undefined) options.after = after;
      const limit = positiveInt('--limit', values.limit);
      if (limit !== undefined) options.limit = limit;
      return { name: 'tail', options };
    }
    case 'replay': {
      const { values } = parseOptions(rest, { projection: { type: 'string' }, until: { type: 'string' } });
      const options: ReplayOptions = {};
      if (values.projection !== undefined) options.projection = values.projection;
      const until = position('--until', values.until);
      if (until !== undefined) options.until = until;
      return { name: 'replay', options };
    }
    case 'projections':
      parseOptions(rest, {});
      return { name: 'projections' };
    case 'retry':
    case 'skip': {
      const { values } = parseOptions(rest, {
        projection: { type: 'string' },
        position: { type: 'string' },
        by: { type: 'string' },
      });
      if (values.projection === undefined) throw new CliError(`${name} needs --projection P`);
      const options: ParkOptions = { projection: values.projection };
      const at = position('--position', values.position);
      if (at !== undefined) options.position = at;
      if (values.by !== undefined) options.by = values.by.trim().toLowerCase();
      return { name, options };
    }
    default:
      throw new CliError(`Unknown command "${name}"`);
  }
};
