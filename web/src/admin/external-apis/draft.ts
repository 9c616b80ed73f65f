import {
  ExternalApiDefinitionInput,
  type ExternalApiDefinitionInput as DefinitionInput,
  ExternalApiTestRequest,
  type ExternalApiAuthType,
  type ExternalApiRequestType,
  type ExternalApiView,
} from '@app/contracts';

/** The editor's form: rows the admin adds and removes, kept as typed until saved. */
export interface ExternalApiDraft {
  id?: string;
  name: string;
  requestType: ExternalApiRequestType;
  url: string;
  description: string;
  params: { name: string; description: string }[];
  headers: { name: string; value: string }[];
  body: string;
  auth: { type: ExternalApiAuthType; token: string; username: string; password: string };
}

export const emptyDraft = (): ExternalApiDraft => ({
  name: '',
  requestType: 'GET',
  url: '',
  description: '',
  params: [],
  headers: [],
  body: '',
  auth: { type: 'none', token: '', username: '', password: '' },
});

/** A saved definition in the editor (credentials stay masks: sent back, they mean unchanged). */
export const draftOf = (view: ExternalApiView): ExternalApiDraft => ({
  id: view.id,
  name: view.name,
  requestType: view.requestType,
  url: view.url,
  description: view.description,
  params: view.params.map((p) => ({ ...p })),
  headers: Object.entries(view.headers).map(([name, value]) => ({ name, value })),
  body: view.body,
  auth: {
    type: view.auth.type,
    token: view.auth.token ?? '',
    username: view.auth.username ?? '',
    password: view.auth.password ?? '',
  },
});

/** What the routes take: empty rows dropped, only the chosen auth's fields sent. */
export const inputOf = (draft: ExternalApiDraft): DefinitionInput => {
  const { type, token, username, password } = draft.auth;
  const auth =
    type === 'bearer' ? { type, token } : type === 'basic' ? { type, username, password } : { type };
  return {
    ...(draft.id ? { id: draft.id } : {}),
    name: draft.name,
    requestType: draft.requestType,
    url: draft.url,
    description: draft.description,
    params: draft.params.filter((p) => p.name.trim() !== ''),
    headers: Object.fromEntries(
      draft.headers.filter((h) => h.name.trim() !== '').map((h) => [h.name.trim(), h.value]),
    ),
    body: draft.body,
    auth,
  };
};

/** The contracts' messages for what is wrong with the draft (empty: it may be saved). */
export const draftProblems = (draft: ExternalApiDraft): string[] => {
  const parsed = ExternalApiDefinitionInput.safeParse(inputOf(draft));
  return parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => i.message))];
};

/** What is wrong with the draft as a call (the Test needs a valid url and auth, not a name). */
export const callProblems = (draft: ExternalApiDraft): string[] => {
  const parsed = ExternalApiTestRequest.safeParse(inputOf(draft));
  return parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => i.message))];
};
