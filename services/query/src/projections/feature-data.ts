import { assertNever, type FeatureDataEvent } from '@app/contracts';
import { tableProjection } from './projection';

export const featureDataEventTypes = [
  'PowerPointTemplateAdded',
  'PowerPointTemplateAvailabilityChanged',
  'PowerPointTemplateDeleted',
  'DataDisclosureUploadRequested',
  'DataDisclosureUploaded',
  'DataDisclosureAccepted',
  'ApiDocumentationUploadRequested',
  'ApiDocumentationUploaded',
] as const satisfies readonly FeatureDataEvent['type'][];

/**
 * The Feature Data tab's read models: the PowerPoint templates, the Data Disclosure uploads and who
 * accepted which, the API documentation uploads. Not pushed over /live: the tab reads them again
 * after each of its changes.
 */
export const featureDataProjection = tableProjection<FeatureDataEvent>(
  { name: 'featureData', readModel: null },
  ['rm_pptx_templates', 'rm_data_disclosures', 'rm_data_disclosure_acceptances', 'rm_api_documentation'],
  {
    eventTypes: featureDataEventTypes,
    apply: async (event, recorded, trx) => {
      const actor = recorded.metadata.actor.email;
      const at = new Date(recorded.recordedAt);
      switch (event.type) {
        case 'PowerPointTemplateAdded': {
          const { name, key, isAvailable, amplifyGroups } = event.data;
          await trx
            .insertInto('rm_pptx_templates')
            .values({
              name,
              blob_key: key,
              is_available: isAvailable,
              amplify_groups: JSON.stringify(amplifyGroups),
              uploaded_by: actor,
              uploaded_at: at,
              changed_by: actor,
              changed_at: at,
            })
            .onConflict((oc) => oc.column('name').doNothing())
            .execute();
          return [name];
        }
        case 'PowerPointTemplateAvailabilityChanged': {
          const { name, isAvailable, amplifyGroups } = event.data;
          await trx
            .updateTable('rm_pptx_templates')
            .set({
              is_available: isAvailable,
              amplify_groups: JSON.stringify(amplifyGroups),
              changed_by: actor,
              changed_at: at,
            })
            .where('name', '=', name)
            .execute();
          return [name];
        }
        case 'PowerPointTemplateDeleted':
          await trx.deleteFrom('rm_pptx_templates').where('name', '=', event.data.name).execute();
          return [event.data.name];
        case 'DataDisclosureUploadRequested': {
          const { version, key, fileName, requestedAt } = event.data;
          await trx
            .insertInto('rm_data_disclosures')
            .values({
              version,
              blob_key: key,
              file_name: fileName,
              uploaded_by: actor,
              requested_at: new Date(requestedAt),
            })
            .onConflict((oc) => oc.column('version').doNothing())
            .execute();
          return [version];
        }
        case 'DataDisclosureUploaded':
          await trx
            .updateTable('rm_data_disclosures')
            .set({ uploaded_at: at, size: event.data.size })
            .where('version', '=', event.data.version)
            .execute();
          return [event.data.version];
        case 'DataDisclosureAccepted': {
          const { email, version } = event.data;
          await trx
            .insertInto('rm_data_disclosure_acceptances')
            .values({ email, version, accepted_at: at })
            .onConflict((oc) => oc.columns(['email', 'version']).doNothing())
            .execute();
          return [email];
        }
        case 'ApiDocumentationUploadRequested': {
          const { kind, key, fileName, requestedAt } = event.data;
          await trx
            .insertInto('rm_api_documentation')
            .values({
              blob_key: key,
              kind,
              file_name: fileName,
              uploaded_by: actor,
              requested_at: new Date(requestedAt),
            })
            .onConflict((oc) => oc.column('blob_key').doNothing())
            .execute();
          return [key];
        }
        case 'ApiDocumentationUploaded':
          await trx
            .updateTable('rm_api_documentation')
            .set({ uploaded_at: at, size: event.data.size })
            .where('blob_key', '=', event.data.key)
            .execute();
          return [event.data.key];
        default:
          return assertNever(event);
      }
    },
  },
);
