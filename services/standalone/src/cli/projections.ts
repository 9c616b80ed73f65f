/**
 * `projections`, `retry`, `skip`: the projection runner's health, and what an operator does about an
 * event a projection cannot fold. Imports @app/query, so events-cli.ts loads it dynamically.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { actOnParkedEvent, allProjections, projectionStatus, type ParkAction } from '@app/query';
import { DomainError, type Db, type EventMetadata } from '@app/platform';
import type { ParkOptions } from './args';
import { CliError } from './connection';
import { note, writeLine } from './output';

export const runProjections = async (db: Db): Promise<void> => {
  const statuses = await projectionStatus(db, allProjections);
  await writeLine(JSON.stringify(statuses, null, 2));
  const failing = statuses.flatMap((s) => [
    ...(s.failing
      ? [`${s.name} at ${s.failing.position} (${s.failing.parked ? 'parked' : 'retrying'})`]
      : []),
    ...s.setAside.map((e) => `${s.name} at ${e.position} (set aside)`),
  ]);
  note(failing.length === 0 ? 'no projection is failing' : `failing: ${failing.join(', ')}`);
};

const operator = (): string => `${os.userInfo().username}@${os.hostname()}`.toLowerCase();

export const runParkAction = async (db: Db, action: ParkAction, options: ParkOptions): Promise<void> => {
  const requestId = `cli-${randomUUID()}`;
  const metadata: EventMetadata = {
    actor: { email: options.by ?? operator(), kind: 'system' },
    commandId: randomUUID(),
    correlationId: requestId,
    causationId: requestId,
    requestId,
    schemaVersion: 1,
  };
  try {
    const done = await actOnParkedEvent(
      db,
      allProjections,
      action,
      options.projection,
      metadata,
      options.position,
    );
    await writeLine(JSON.stringify({ [action === 'retry' ? 'retried' : 'skipped']: done }));
    if (done.applied === false)
      throw new Error(`${done.projection} still fails on ${done.position}, set aside: ${done.error}`);
  } catch (e) {
    if (e instanceof DomainError) throw new CliError(e.message);
    throw e;
  }
};
