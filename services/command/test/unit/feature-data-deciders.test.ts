import { describe, expect, it } from 'vitest';
import {
  featureDataMessages,
  type ApiDocumentationEvent,
  type DataDisclosureEvent,
  type PptxTemplateEvent,
} from '@app/contracts';
import { apiDocumentationDecider } from '../../src/feature-data/api-documentation-decider';
import { dataDisclosureDecider } from '../../src/feature-data/data-disclosure-decider';
import {
  disclosureAcceptanceDecider,
  mustAcceptDisclosure,
} from '../../src/feature-data/disclosure-acceptance-decider';
import { pptxTemplatesDecider } from '../../src/feature-data/pptx-templates-decider';
import { DeciderSpecification } from './decider-spec';

const added = (name: string, more: Partial<PptxTemplateEvent['data']> = {}): PptxTemplateEvent => ({
  type: 'PowerPointTemplateAdded',
  data: { name, key: `k/${name}`, isAvailable: false, amplifyGroups: [], md5: 'm', ...more },
});
const add = (name: string) => ({
  type: 'AddPptxTemplate' as const,
  data: { name, key: `k/${name}`, isAvailable: false, amplifyGroups: [], md5: 'm' },
});

describe('PowerPoint templates decider', () => {
  const given = DeciderSpecification.for(pptxTemplatesDecider);

  it('given none, when a template is uploaded, then it is added', () => {
    given([])
      .when(add('Deck.pptx'))
      .then([added('Deck.pptx')]);
  });

  it('given a template, when another of the same name (any case) is uploaded, then the spec refuses it', () => {
    given([added('Deck.pptx')])
      .when(add('deck.PPTX'))
      .thenThrows(featureDataMessages.pptxNameTaken);
  });

  it('given a deleted template, when its name is uploaded again, then it is added', () => {
    given([
      added('Deck.pptx'),
      { type: 'PowerPointTemplateDeleted', data: { name: 'Deck.pptx', key: 'k/Deck.pptx' } },
    ])
      .when(add('Deck.pptx'))
      .then([added('Deck.pptx')]);
  });

  it('given a template, when it is made available, then its availability changes (groups kept)', () => {
    given([added('Deck.pptx', { amplifyGroups: ['Staff'] })])
      .when({ type: 'UpdatePptxTemplate', data: { name: 'Deck.pptx', isAvailable: true } })
      .then([
        {
          type: 'PowerPointTemplateAvailabilityChanged',
          data: { name: 'Deck.pptx', isAvailable: true, amplifyGroups: ['Staff'] },
        },
      ]);
  });

  it('given an available template, when it is made available again, then nothing', () => {
    given([added('Deck.pptx', { isAvailable: true })])
      .when({ type: 'UpdatePptxTemplate', data: { name: 'Deck.pptx', isAvailable: true } })
      .then([]);
  });

  it('given a template, when it is deleted by another case of its name, then its own name and key go', () => {
    given([added('Deck.pptx')])
      .when({ type: 'DeletePptxTemplate', data: { name: 'deck.pptx' } })
      .then([{ type: 'PowerPointTemplateDeleted', data: { name: 'Deck.pptx', key: 'k/Deck.pptx' } }]);
  });

  it('given none, when an unknown template is deleted or updated, then it is refused', () => {
    given([])
      .when({ type: 'DeletePptxTemplate', data: { name: 'Nope.pptx' } })
      .thenThrows(featureDataMessages.pptxNotFound('Nope.pptx'));
    given([])
      .when({ type: 'UpdatePptxTemplate', data: { name: 'Nope.pptx', isAvailable: true } })
      .thenThrows(featureDataMessages.pptxNotFound('Nope.pptx'));
  });
});

const requested = (version: string): DataDisclosureEvent => ({
  type: 'DataDisclosureUploadRequested',
  data: {
    version,
    key: `dd/data_disclosure_${version}.pdf`,
    fileName: 'terms.pdf',
    md5: 'm',
    requestedAt: '2026-01-01T00:00:00.000Z',
  },
});
const uploaded = (version: string, size = 10): DataDisclosureEvent => ({
  type: 'DataDisclosureUploaded',
  data: { version, key: `dd/data_disclosure_${version}.pdf`, size },
});
const confirm = (version: string) => ({
  type: 'ConfirmDisclosureUpload' as const,
  data: { version, size: 10 },
});

describe('Data Disclosure decider', () => {
  const given = DeciderSpecification.for(dataDisclosureDecider);

  it('given none, when an upload is asked for, then it is requested (not yet published)', () => {
    const event = requested('100');
    given([])
      .when({
        type: 'RequestDisclosureUpload',
        data: event.data as Extract<DataDisclosureEvent, { type: 'DataDisclosureUploadRequested' }>['data'],
      })
      .then([event]);
    expect(dataDisclosureDecider.evolve(dataDisclosureDecider.initialState(), event).latest).toBeNull();
  });

  it('given an upload asked for, when its bytes are seen, then it is published', () => {
    given([requested('100')])
      .when(confirm('100'))
      .then([uploaded('100')]);
    const state = [requested('100'), uploaded('100')].reduce(
      dataDisclosureDecider.evolve,
      dataDisclosureDecider.initialState(),
    );
    expect(state.latest?.version).toBe('100');
    expect(state.pending).toEqual([]);
  });

  it('given a newer one published, when an older upload is confirmed, then nothing', () => {
    given([requested('100'), requested('200'), uploaded('200')])
      .when(confirm('100'))
      .then([]);
  });

  it('given nothing asked for, when a version is confirmed, then nothing', () => {
    given([]).when(confirm('100')).then([]);
  });

  it('given an upload of a version, when the same version is asked for again, then it is refused', () => {
    const data = requested('100').data as Extract<
      DataDisclosureEvent,
      { type: 'DataDisclosureUploadRequested' }
    >['data'];
    expect(() =>
      dataDisclosureDecider.decide(
        { type: 'RequestDisclosureUpload', data },
        dataDisclosureDecider.evolve(dataDisclosureDecider.initialState(), requested('100')),
      ),
    ).toThrow();
  });
});

describe('Data Disclosure acceptance decider', () => {
  const given = DeciderSpecification.for(disclosureAcceptanceDecider);
  const accept = (version: string) => ({
    type: 'AcceptDisclosure' as const,
    data: { email: 'bob@example.com', version },
  });
  const accepted = (version: string) => ({
    type: 'DataDisclosureAccepted' as const,
    data: { email: 'bob@example.com', version },
  });

  it('given nothing accepted, when the latest is accepted, then the acceptance is recorded', () => {
    given([])
      .when(accept('100'))
      .then([accepted('100')]);
  });

  it('given that version accepted, when it is accepted again, then nothing', () => {
    given([accepted('100')])
      .when(accept('100'))
      .then([]);
  });

  it('given an older version accepted, when the newer is accepted, then it is recorded', () => {
    given([accepted('100')])
      .when(accept('200'))
      .then([accepted('200')]);
  });

  it('a user must accept only when one is published and they did not accept that one', () => {
    expect(mustAcceptDisclosure(null, { version: null })).toBe(false);
    expect(mustAcceptDisclosure('100', { version: null })).toBe(true);
    expect(mustAcceptDisclosure('200', { version: '100' })).toBe(true);
    expect(mustAcceptDisclosure('200', { version: '200' })).toBe(false);
  });
});

describe('API documentation decider', () => {
  const given = DeciderSpecification.for(apiDocumentationDecider);
  const asked = (key: string, kind: 'pdf' | 'csv' | 'json' = 'pdf'): ApiDocumentationEvent => ({
    type: 'ApiDocumentationUploadRequested',
    data: { kind, key, fileName: `doc.${kind}`, md5: 'm', requestedAt: '2026-01-01T00:00:00.000Z' },
  });

  it('given an upload asked for, when its bytes are seen, then it is uploaded and becomes its kind’s file', () => {
    given([asked('a')])
      .when({ type: 'ConfirmApiDocUpload', data: { key: 'a', size: 5 } })
      .then([{ type: 'ApiDocumentationUploaded', data: { kind: 'pdf', key: 'a', size: 5 } }]);
    const state = [
      asked('a'),
      asked('b', 'csv'),
      { type: 'ApiDocumentationUploaded' as const, data: { kind: 'pdf' as const, key: 'a', size: 5 } },
    ].reduce(apiDocumentationDecider.evolve, apiDocumentationDecider.initialState());
    expect(state.current.pdf?.key).toBe('a');
    expect(state.pending.map((p) => p.key)).toEqual(['b']);
  });

  it('given nothing asked for, when a key is confirmed, then nothing', () => {
    given([])
      .when({ type: 'ConfirmApiDocUpload', data: { key: 'x', size: 5 } })
      .then([]);
  });
});
