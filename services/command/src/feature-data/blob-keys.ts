import { randomUUID } from 'node:crypto';
import { disclosureFileName, fileExtension } from '@app/contracts';

/** Where the Feature Data tab's files live in the blob store (keys the server chooses). */
const prefix = 'feature-data';

/** Whether a key is one of the Feature Data tab's (not a user's file). */
export const isFeatureDataKey = (key: string): boolean => key.startsWith(`${prefix}/`);

export const pptxTemplateKey = (): string => `${prefix}/pptx-templates/${randomUUID()}.pptx`;

export const disclosureKey = (version: string): string =>
  `${prefix}/data-disclosure/${disclosureFileName(version)}`;

export const apiDocKey = (fileName: string): string =>
  `${prefix}/api-documentation/${randomUUID()}.${fileExtension(fileName)}`;

export const apiDocTemplatesKey = (contentHash: string): string =>
  `${prefix}/api-documentation/templates-${contentHash}.zip`;
