import {
  ApiDocsResponse,
  DisclosureCheckResponse,
  DisclosureLatestResponse,
  ErrorResponse,
  FeatureDataChangeResponse,
  featureDataRoutes,
  PptxTemplatesResponse,
  PresignedUrlResponse,
  type DataDisclosure,
  type DisclosureSaveRequest,
  type PptxTemplate,
  type PptxUpdateRequest,
  type PptxUploadRequest,
} from '@app/contracts';
import { ApiError, fetchData, relayTexts, requestJson, postJson } from './http';

const post = <B>(call: string, path: string, body: B) =>
  postJson(call, path, PresignedUrlResponse, body).then((r) => r.presigned_url);

/** GET /amplifymin/pptx_templates: every template (admins). */
export async function fetchPptxTemplates(waitFor?: string): Promise<PptxTemplate[]> {
  return fetchData('getPptxTemplates', featureDataRoutes.pptxTemplates, PptxTemplatesResponse, waitFor);
}

/** POST /amplifymin/pptx_templates/upload: records the template, answers the url to PUT the pptx to. */
export const requestPptxUpload = (body: PptxUploadRequest): Promise<string> =>
  post('uploadPptxTemplate', featureDataRoutes.pptxUpload, body);

/** POST /amplifymin/pptx_templates/update: available (public) or not, and to which groups. */
export async function updatePptxTemplate(body: PptxUpdateRequest): Promise<string> {
  return (await postJson('updatePptxTemplate', featureDataRoutes.pptxUpdate, FeatureDataChangeResponse, body))
    .position;
}

/** DELETE /amplifymin/pptx_templates/delete?template_name=: answers the position for `waitFor`. */
export async function deletePptxTemplate(name: string): Promise<string> {
  const call = 'deletePptxTemplate';
  const path = `${featureDataRoutes.pptxDelete}?${new URLSearchParams({ template_name: name }).toString()}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiError(relayTexts.network(call), 'network');
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = FeatureDataChangeResponse.safeParse(json);
    if (parsed.success) return parsed.data.position;
    throw new ApiError(relayTexts.parse(call), 'parse', response.status);
  }
  const error = ErrorResponse.safeParse(json);
  throw new ApiError(
    relayTexts.status(call, response.statusText || String(response.status)),
    'status',
    response.status,
    error.success ? error.data.message : null,
  );
}

/** POST /data-disclosure/upload: answers the url to PUT the pdf to. */
export const requestDisclosureUpload = (body: { fileName: string; contentType: string; md5: string }) =>
  post('uploadDataDisclosure', featureDataRoutes.disclosureUpload, body);

/** GET /data-disclosure/latest: the published Data Disclosure (null when there is none). */
export async function fetchLatestDisclosure(): Promise<DataDisclosure | null> {
  return (
    await requestJson('getLatestDataDisclosure', featureDataRoutes.disclosureLatest, DisclosureLatestResponse)
  ).body.data;
}

/** GET /data-disclosure/check: whether the caller accepted the latest (true when there is none). */
export async function checkDisclosure(): Promise<DisclosureCheckResponse> {
  return (
    await requestJson('checkDataDisclosure', featureDataRoutes.disclosureCheck, DisclosureCheckResponse)
  ).body;
}

/** POST /data-disclosure/save: the caller accepts the version they read. */
export async function acceptDisclosure(body: DisclosureSaveRequest): Promise<void> {
  await requestJson('saveDataDisclosure', featureDataRoutes.disclosureSave, FeatureDataChangeResponse, {
    method: 'POST',
    body,
  });
}

/** POST /apiKeys/api_documentation/upload: answers the url to PUT the file to. */
export const requestApiDocUpload = (body: { filename: string; content_md5: string }) =>
  post('uploadApiDocumentation', featureDataRoutes.apiDocsUpload, body);

/** GET /apiKeys/api_documentation/get: download urls of what was uploaded. */
export async function fetchApiDocs(): Promise<ApiDocsResponse> {
  return (await requestJson('getApiDocumentation', featureDataRoutes.apiDocsGet, ApiDocsResponse)).body;
}

/** GET /apiKeys/api_documentation/get_templates: a download url of the templates' zip. */
export async function fetchApiDocTemplatesUrl(): Promise<string> {
  return (
    await requestJson(
      'getApiDocumentationTemplates',
      featureDataRoutes.apiDocsTemplates,
      PresignedUrlResponse,
    )
  ).body.presigned_url;
}
