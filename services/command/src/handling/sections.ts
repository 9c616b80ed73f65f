import {
  adminsStreamId,
  featureFlagsStreamId,
  sectionSchemas,
  type EventMetadata,
  type SectionData,
  type SectionType,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { adminsDecider } from '../domain/admins';
import { featureFlagsDecider } from '../domain/feature-flags';
import { handleCommand, type CommandOutcome } from './handle-command';

type Options = { metadata: EventMetadata; expectedVersion?: number };

/** Each configuration section of the dialog as its own command on its own stream. */
export const sectionHandlers: { [K in SectionType]: (db: Db, data: SectionData[K], o: Options) => Promise<CommandOutcome> } = {
  admins: (db, admins, o) =>
    handleCommand(db, adminsDecider, adminsStreamId, { type: 'UpdateAdmins', data: { admins } }, o),
  featureFlags: (db, flags, o) =>
    handleCommand(db, featureFlagsDecider, featureFlagsStreamId, { type: 'UpdateFeatureFlags', data: { flags } }, o),
};

export const parseSection = <K extends SectionType>(type: K, data: unknown): SectionData[K] =>
  sectionSchemas[type].parse(data) as SectionData[K];
