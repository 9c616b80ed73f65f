import { z } from 'zod';
import { AdminsSection } from './admins';
import { FeatureFlagsSection } from './feature-flags';

/** The configuration sections built so far, keyed as "Admin configuration keys" spells them. */
export const sectionSchemas = {
  admins: AdminsSection,
  featureFlags: FeatureFlagsSection,
} as const;
export type SectionType = keyof typeof sectionSchemas;
export const sectionTypes = Object.keys(sectionSchemas) as SectionType[];

export const sectionLabels: Record<SectionType, string> = {
  admins: 'Admins',
  featureFlags: 'Feature Flags',
};

/** Each section's data as GET /amplifymin/configs answers it and the dialog saves it. */
export type SectionData = { [K in SectionType]: z.infer<(typeof sectionSchemas)[K]> };

/** Who last changed a section, and the stream version the dialog loaded. */
export const SectionMeta = z.object({
  version: z.number().int().nonnegative(),
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
});
export type SectionMeta = z.infer<typeof SectionMeta>;
