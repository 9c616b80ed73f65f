import { valueCardKeys, type SectionData, type ValueCardKey } from '@app/contracts';
import type { SectionCodec } from './section-codec';
import type { AdminsState } from '../configurations/index';
import type { AmplifyGroupsState } from '../configurations/index';
import { plainSection } from './plain-section';

/** The Configurations tab: Admins, the value cards, Amplify Groups. */
export const adminsCodec = plainSection('admins', (s: AdminsState) => s.admins);

const valueCard = <K extends ValueCardKey>(key: K) => plainSection(key, (s: SectionData[K]) => s);

/** Every value card (contracts' `valueCardList`), its value as the card holds it. */
export const valueCardCodecs = Object.fromEntries(valueCardKeys.map((key) => [key, valueCard(key)])) as {
  [K in ValueCardKey]: SectionCodec<K, SectionData[K]>;
}; // fromEntries cannot say each key has its own codec

/** A group's `createdBy` is who created it (the actor of that save): written out, never imported. */
export const amplifyGroupsCodec = plainSection(
  'amplifyGroups',
  (s: AmplifyGroupsState) => s,
  (groups) =>
    Object.fromEntries(Object.entries(groups).map(([name, { createdBy: _, ...group }]) => [name, group])),
);
