import {
  emptyNameMap,
  featureDataLimits,
  featureDataMessages,
  ownValue,
  type NameMap,
  type PptxTemplateEvent,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, nameMapFold, nameMapSnapshot, type Decider } from '../shared/decider';

export interface StoredTemplate {
  key: string;
  isAvailable: boolean;
  amplifyGroups: string[];
}

export type PptxTemplatesState = NameMap<StoredTemplate>;

export type PptxTemplatesCommand =
  | {
      type: 'AddPptxTemplate';
      data: { name: string; key: string; isAvailable: boolean; amplifyGroups: string[]; md5: string };
    }
  | { type: 'UpdatePptxTemplate'; data: { name: string; isAvailable: boolean; amplifyGroups?: string[] } }
  | { type: 'DeletePptxTemplate'; data: { name: string } };

/** The template called `name` whatever its case (names are unique without regard to case). */
export const templateNamed = (
  state: PptxTemplatesState,
  name: string,
): { name: string; template: StoredTemplate } | undefined => {
  const exact = ownValue(state, name);
  if (exact) return { name, template: exact };
  const lower = name.toLowerCase();
  const found = Object.keys(state).find((n) => n.toLowerCase() === lower);
  const template = found === undefined ? undefined : ownValue(state, found);
  return found === undefined || !template ? undefined : { name: found, template };
};

const sameGroups = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((g, i) => g === b[i]);

const decideAdd = (
  state: PptxTemplatesState,
  data: Extract<PptxTemplatesCommand, { type: 'AddPptxTemplate' }>['data'],
): PptxTemplateEvent[] => {
  if (templateNamed(state, data.name)) throw new DomainError(featureDataMessages.pptxNameTaken);
  if (Object.keys(state).length >= featureDataLimits.templates)
    throw new DomainError(`At most ${featureDataLimits.templates} PowerPoint templates may be kept.`);
  return [{ type: 'PowerPointTemplateAdded', data }];
};

const existing = (state: PptxTemplatesState, name: string) => {
  const found = templateNamed(state, name);
  if (!found) throw new DomainError(featureDataMessages.pptxNotFound(name));
  return found;
};

/**
 * The PowerPoint templates (stream `pptxTemplates`): added by an upload (a name no other template has,
 * whatever its case), made available (to everyone, or to members of some Amplify groups) or not, and
 * deleted. An update that changes nothing records nothing.
 */
export const pptxTemplatesDecider: Decider<PptxTemplatesState, PptxTemplatesCommand, PptxTemplateEvent> = {
  initialState: () => emptyNameMap<StoredTemplate>(),

  decide: (command, state) => {
    switch (command.type) {
      case 'AddPptxTemplate':
        return decideAdd(state, command.data);
      case 'UpdatePptxTemplate': {
        const { name, template } = existing(state, command.data.name);
        const amplifyGroups = command.data.amplifyGroups ?? template.amplifyGroups;
        const unchanged =
          template.isAvailable === command.data.isAvailable &&
          sameGroups(template.amplifyGroups, amplifyGroups);
        return unchanged
          ? []
          : [
              {
                type: 'PowerPointTemplateAvailabilityChanged',
                data: { name, isAvailable: command.data.isAvailable, amplifyGroups },
              },
            ];
      }
      case 'DeletePptxTemplate': {
        const { name, template } = existing(state, command.data.name);
        return [{ type: 'PowerPointTemplateDeleted', data: { name, key: template.key } }];
      }
      default:
        return assertNever(command);
    }
  },

  ...nameMapFold<StoredTemplate, PptxTemplateEvent>(
    (event) => event.data.name,
    (entry, event) => {
      switch (event.type) {
        case 'PowerPointTemplateAdded':
          return {
            key: event.data.key,
            isAvailable: event.data.isAvailable,
            amplifyGroups: event.data.amplifyGroups,
          };
        case 'PowerPointTemplateAvailabilityChanged':
          return (
            entry && {
              ...entry,
              isAvailable: event.data.isAvailable,
              amplifyGroups: event.data.amplifyGroups,
            }
          );
        case 'PowerPointTemplateDeleted':
          return undefined;
        default:
          return assertNever(event);
      }
    },
  ),

  snapshot: nameMapSnapshot<StoredTemplate>('pptxTemplates/1'),
};
