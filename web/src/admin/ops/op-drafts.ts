import {
  normalizedOp,
  opMethodHasBody,
  OpInput,
  opRegistrationProblem,
  parseOpTags,
  type Op,
  type OpMethod,
  type OpParameterType,
} from '@app/contracts';

/** One parameter row of a draft: name, type, description, required. */
export interface ParamRow {
  key: number;
  name: string;
  type: OpParameterType;
  description: string;
  required: boolean;
}

/** An op drafted in the tab before it is registered. */
export interface OpDraft {
  key: number;
  name: string;
  url: string;
  /** As typed: a comma-separated list. */
  tagsText: string;
  method: OpMethod;
  description: string;
  params: ParamRow[];
}

export const emptyDraft = (key: number): OpDraft => ({
  key,
  name: '',
  url: '',
  tagsText: '',
  method: 'POST',
  description: '',
  params: [],
});

export const emptyParam = (key: number): ParamRow => ({
  key,
  name: '',
  type: 'string',
  description: '',
  required: false,
});

/** The draft as the register call sends it: tags trimmed, parameters only for POST, PUT and PATCH. */
export const opInputOf = (d: OpDraft): OpInput => {
  const params = opMethodHasBody(d.method) ? d.params.filter((p) => p.name.trim() !== '') : [];
  return {
    name: d.name.trim(),
    url: d.url.trim(),
    method: d.method,
    description: d.description,
    type: 'custom',
    tags: parseOpTags(d.tagsText),
    parameters: {
      properties: Object.fromEntries(
        params.map((p) => [p.name.trim(), { type: p.type, description: p.description }]),
      ),
      required: params.filter((p) => p.required).map((p) => p.name.trim()),
    },
  };
};

/** What is wrong with the drafts (`opsMessages` first), or null when they may be registered. */
export const draftsProblem = (drafts: readonly OpDraft[]): string | null => {
  const ops: Op[] = [];
  for (const d of drafts) {
    const parsed = OpInput.safeParse(opInputOf(d));
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'The op is not valid.';
    ops.push(normalizedOp(parsed.data));
  }
  return opRegistrationProblem(ops);
};

export type OpSearchBy = 'name' | 'tag';

/** The ops whose name (or one of whose tags) contains the term, lower-cased. */
export const filteredOps = (ops: readonly Op[], term: string, by: OpSearchBy): Op[] => {
  const t = term.toLowerCase();
  if (t === '') return [...ops];
  return ops.filter((op) =>
    by === 'name' ? op.name.toLowerCase().includes(t) : op.tags.some((tag) => tag.toLowerCase().includes(t)),
  );
};

/** The parameters as the table shows them: 'city (string, required)'. */
export const parametersText = (op: Op): string =>
  Object.entries(op.parameters.properties)
    .map(([name, p]) => `${name} (${p.type}${op.parameters.required.includes(name) ? ', required' : ''})`)
    .join(', ');
