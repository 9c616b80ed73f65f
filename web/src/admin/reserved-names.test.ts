import { describe, expect, it } from 'vitest';
import { defaultModel, nameFields, platformMessages, type Model } from '@app/contracts';
import { checkNewName } from './application-variables/named-value-edits';
import { checkNewGroup } from './configurations/amplify-groups-card/group-edits';
import { checkNewFlag } from './feature-flags/flag-edits';
import { modelNameProblem } from './openai-endpoints/endpoint-edits';
import { checkModelForm } from './supported-models/model-edits';

const refused = (field: string, name: string) => platformMessages.reservedName(field, name);
const model = (id: string): Model => ({
  ...defaultModel(),
  id,
  name: 'Model',
  provider: 'OpenAI',
  inputContextWindow: 1000,
  outputTokenLimit: 1000,
});

describe("the dialog's own checks refuse '__proto__', 'prototype' and 'constructor' (after trimming)", () => {
  it('a new feature flag, also when its camelCase form is reserved', () => {
    expect(checkNewFlag(' __proto__ ', {})).toEqual({
      ok: false,
      message: refused(nameFields.flagName, '__proto__'),
    });
    expect(checkNewFlag('Constructor', {})).toEqual({
      ok: false,
      message: refused(nameFields.flagName, 'constructor'),
    });
    expect(checkNewFlag('proto type', {})).toEqual({ ok: true, name: 'protoType' });
  });

  it('a new group', () => {
    expect(checkNewGroup(' prototype', {})).toEqual({
      ok: false,
      message: refused(nameFields.groupName, 'prototype'),
    });
  });

  it('a new application variable or secret', () => {
    expect(checkNewName({}, 'constructor ', 'Application Secrets')).toEqual({
      ok: false,
      message: refused(nameFields.variableName, 'constructor'),
    });
  });

  it('an endpoint model name', () => {
    expect(modelNameProblem([{ name: ' __proto__', endpoints: [] }], 0)).toBe(
      refused(nameFields.endpointModelName, '__proto__'),
    );
  });

  it('a supported model id', () => {
    expect(checkModelForm(model('constructor'), {}, null)).toBe(refused(nameFields.modelId, 'constructor'));
    expect(checkModelForm(model('gpt-4o'), {}, null)).toBeNull();
  });
});
