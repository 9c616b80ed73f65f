import { z } from 'zod';
import { boundedList, boundedString, headerSafeString } from '../bounded';
import { limits } from '../limits';
import { fileLimits } from './files';
import { successBody, successData, successList } from '../success';

/**
 * The Admin Interface's Feature Data tab: PowerPoint templates,
 * the Data Disclosure (which users accept before chatting) and the API documentation files. Bytes go
 * to the blob store through signed URLs; every change is an event.
 */
export const featureDataRoutes = {
  /** GET: admins every template; other users the names of those available to them. */
  pptxTemplates: '/amplifymin/pptx_templates',
  /** POST {fileName, isAvailable, amplifyGroups, contentType, md5} → {success, presigned_url} (admins). */
  pptxUpload: '/amplifymin/pptx_templates/upload',
  /** DELETE ?template_name= (admins). */
  pptxDelete: '/amplifymin/pptx_templates/delete',
  /** POST {templateName, isAvailable, amplifyGroups}: ours, the tab's toggle (admins). */
  pptxUpdate: '/amplifymin/pptx_templates/update',
  /** GET: has the caller accepted the latest Data Disclosure (and is there one)? */
  disclosureCheck: '/data-disclosure/check',
  /** POST {email, acceptedDataDisclosure}: the caller accepts the latest Data Disclosure. */
  disclosureSave: '/data-disclosure/save',
  /** GET: the latest Data Disclosure's download url and version. */
  disclosureLatest: '/data-disclosure/latest',
  /** POST {fileName, contentType, md5} → presigned url (admins); stored as data_disclosure_{timestamp}.pdf. */
  disclosureUpload: '/data-disclosure/upload',
  /** GET: download urls of the API documentation (pdf, csv, Postman collection). */
  apiDocsGet: '/apiKeys/api_documentation/get',
  /** POST {filename, content_md5} → presigned url (admins). */
  apiDocsUpload: '/apiKeys/api_documentation/upload',
  /** GET: a presigned url of the zip of API documentation templates (admins). */
  apiDocsTemplates: '/apiKeys/api_documentation/get_templates',
} as const;

/** The Feature Data tab's messages, shown to users word for word. */
export const featureDataMessages = {
  pptxEmpty: 'No PowerPoint Templates listed.',
  pptxFileRequired: 'Please upload a powerpoint template.',
  pptxNameTaken: 'PowerPoint template names must be unique. Please rename your file and try again.',
  pptxAdded: 'PowerPoint template was successfully added.',
  pptxAddFailed: 'Unable to add the PowerPoint template at this time. Please try again later.',
  pptxDeleted: (name: string) => `Successfully deleted PowerPoint template ${name}`,
  pptxDeleteFailed: 'Unable to delete the PowerPoint template at this time. Please try again later...',
  disclosureUploadFailed: 'Unable to upload the Data Disclosure file at this time. Please try again later.',
  apiDocsUploadFailed:
    'Unable to upload the API Documentation at this time. Please remove the document and try uploading again.',
  templatesDownloadFailed: 'Failed to download API Documentation Templates. Please try again later...',
  fileTypeNotSupported: (types: readonly string[]) =>
    `This file type is not supported. Please upload a file of type: ${types.join(', ')}`,
  /** Ours. */
  pptxNotFound: (name: string) => `There is no PowerPoint template named ${name}.`,
  pptxUpdated: (name: string) => `PowerPoint template ${name} was updated.`,
  pptxUpdateFailed: 'Unable to update the PowerPoint template at this time. Please try again later.',
  disclosureUploaded: 'The Data Disclosure was successfully uploaded.',
  apiDocsUploaded: (name: string) => `The API Documentation ${name} was successfully uploaded.`,
  mustAcceptDisclosure:
    'Please read and accept the latest Data Disclosure before chatting. Reload the page to see it.',
  acceptOnlyYourself: 'You may accept the Data Disclosure only for yourself.',
  disclosureChanged: 'A newer Data Disclosure was published. Please read it and accept it again.',
  noDisclosure: 'There is no Data Disclosure to accept.',
  disclosureLoadFailed: 'Unable to load the Data Disclosure at this time. Please try again later.',
  disclosureAcceptFailed: 'Unable to record your acceptance at this time. Please try again later.',
} as const;

/** Runs of spaces and underscores become one underscore. */
export const collapsedFileName = (name: string): string => name.trim().replace(/[\s_]+/g, '_');

/** The lower-cased extension of a file name ('' when it has none). */
export const fileExtension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
};

/** What each upload accepts: extension → content type. */
export const featureDataFileTypes = {
  pptx: { pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  disclosure: { pdf: 'application/pdf' },
  apiDocs: { pdf: 'application/pdf', csv: 'text/csv', json: 'application/json' },
} as const satisfies Record<string, Record<string, string>>;
export type FeatureDataUpload = keyof typeof featureDataFileTypes;

/** The content type `name` is stored under for `upload`, or null when its type is not accepted. */
export const acceptedContentType = (upload: FeatureDataUpload, name: string): string | null => {
  const types: Record<string, string> = featureDataFileTypes[upload];
  return Object.hasOwn(types, fileExtension(name)) ? (types[fileExtension(name)] ?? null) : null;
};

/** The refusal of a file whose type `upload` does not take, or null. */
export const fileTypeRefusal = (upload: FeatureDataUpload, name: string): string | null =>
  acceptedContentType(upload, name) === null
    ? featureDataMessages.fileTypeNotSupported(Object.keys(featureDataFileTypes[upload]))
    : null;

export const featureDataLimits = {
  maxBytes: fileLimits.maxBytes,
  urlSeconds: fileLimits.urlSeconds,
  templates: 500,
  /** Progress of a template upload: this many percent every `progressEveryMs`. */
  progressStep: 5,
  progressEveryMs: 200,
} as const;

const FileName = headerSafeString('The file name', fileLimits.nameLength)
  .trim()
  .min(1, 'The file name cannot be empty');
/** Base64 of the 16 bytes of an MD5. */
export const ContentMd5 = z.string().regex(/^[A-Za-z0-9+/]{22}==$/, 'The MD5 must be 16 bytes in base64');
const GroupNames = boundedList(
  boundedString('An Amplify group name', limits.nameLength),
  'Amplify groups',
  100,
);

/** What the browser says of a file it is about to upload: its name, its type and its MD5. */
const fileUpload = {
  fileName: FileName,
  contentType: headerSafeString('The content type', fileLimits.typeLength),
  md5: ContentMd5,
};

export const PptxTemplate = z.object({
  name: z.string(),
  isAvailable: z.boolean(),
  amplifyGroups: z.array(z.string()),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
});
export type PptxTemplate = z.infer<typeof PptxTemplate>;

export const PptxTemplatesResponse = successList(PptxTemplate);
export type PptxTemplatesResponse = z.infer<typeof PptxTemplatesResponse>;

export const PptxUploadRequest = z.object({
  ...fileUpload,
  isAvailable: z.boolean().default(false),
  amplifyGroups: GroupNames.default([]),
});
export type PptxUploadRequest = z.infer<typeof PptxUploadRequest>;

export const PresignedUrlResponse = successBody({ presigned_url: z.string() });
export type PresignedUrlResponse = z.infer<typeof PresignedUrlResponse>;

export const PptxDeleteQuery = z.object({ template_name: FileName });

export const PptxUpdateRequest = z.object({
  templateName: FileName,
  isAvailable: z.boolean(),
  amplifyGroups: GroupNames.optional(),
});
export type PptxUpdateRequest = z.infer<typeof PptxUpdateRequest>;

export const FeatureDataChangeResponse = successBody({
  position: boundedString('The position', limits.positionLength),
});
export type FeatureDataChangeResponse = z.infer<typeof FeatureDataChangeResponse>;

export const DisclosureUploadRequest = z.object(fileUpload);
export type DisclosureUploadRequest = z.infer<typeof DisclosureUploadRequest>;

export const DisclosureCheckResponse = successBody({
  /** True when there is nothing to accept or the caller accepted the latest. */
  acceptedDataDisclosure: z.boolean(),
  latestVersion: z.string().nullable(),
});
export type DisclosureCheckResponse = z.infer<typeof DisclosureCheckResponse>;

export const DisclosureSaveRequest = z.object({
  email: boundedString('The email', limits.emailLength),
  acceptedDataDisclosure: z.boolean(),
  /** The version the user read; refused when a newer one is published meanwhile. */
  version: boundedString('The version', 40).optional(),
});
export type DisclosureSaveRequest = z.infer<typeof DisclosureSaveRequest>;

export const DataDisclosure = z.object({
  version: z.string(),
  fileName: z.string(),
  url: z.string(),
  uploadedAt: z.string(),
});
export type DataDisclosure = z.infer<typeof DataDisclosure>;

export const DisclosureLatestResponse = successData(DataDisclosure.nullable());
export type DisclosureLatestResponse = z.infer<typeof DisclosureLatestResponse>;

export const ApiDocsUploadRequest = z.object({ filename: FileName, content_md5: ContentMd5 });
export type ApiDocsUploadRequest = z.infer<typeof ApiDocsUploadRequest>;

export const apiDocKinds = ['pdf', 'csv', 'json'] as const;
export type ApiDocKind = (typeof apiDocKinds)[number];

export const ApiDocsResponse = successBody({
  doc_url: z.string().nullable(),
  csv_url: z.string().nullable(),
  postman_url: z.string().nullable(),
});
export type ApiDocsResponse = z.infer<typeof ApiDocsResponse>;

/** The streams. */
export const pptxTemplatesStreamId = 'pptxTemplates';
export const dataDisclosureStreamId = 'dataDisclosure';
export const apiDocumentationStreamId = 'apiDocumentation';
export const disclosureAcceptanceStreamId = (email: string) => `dataDisclosureAcceptance-${email}`;

/** The data disclosure's stored name: data_disclosure_{timestamp}.pdf. */
export const disclosureFileName = (version: string) => `data_disclosure_${version}.pdf`;

export type PptxTemplateEvent =
  | {
      type: 'PowerPointTemplateAdded';
      data: { name: string; key: string; isAvailable: boolean; amplifyGroups: string[]; md5: string };
    }
  | {
      type: 'PowerPointTemplateAvailabilityChanged';
      data: { name: string; isAvailable: boolean; amplifyGroups: string[] };
    }
  | { type: 'PowerPointTemplateDeleted'; data: { name: string; key: string } };

/** An upload is requested (its signed url given), then seen in the blob store (uploaded). */
export type DataDisclosureEvent =
  | {
      type: 'DataDisclosureUploadRequested';
      data: { version: string; key: string; fileName: string; md5: string; requestedAt: string };
    }
  | { type: 'DataDisclosureUploaded'; data: { version: string; key: string; size: number } };

export type DisclosureAcceptanceEvent = {
  type: 'DataDisclosureAccepted';
  data: { email: string; version: string };
};

export type ApiDocumentationEvent =
  | {
      type: 'ApiDocumentationUploadRequested';
      data: { kind: ApiDocKind; key: string; fileName: string; md5: string; requestedAt: string };
    }
  | { type: 'ApiDocumentationUploaded'; data: { kind: ApiDocKind; key: string; size: number } };

export type FeatureDataEvent =
  PptxTemplateEvent | DataDisclosureEvent | DisclosureAcceptanceEvent | ApiDocumentationEvent;
