import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataDisclosureStreamId,
  DisclosureCheckResponse,
  disclosureAcceptanceStreamId,
  DisclosureLatestResponse,
  DisclosureSaveRequest,
  DisclosureUploadRequest,
  ErrorResponse,
  errorResponses,
  FeatureDataChangeResponse,
  featureDataLimits,
  featureDataMessages,
  featureDataRoutes,
  PresignedUrlResponse,
} from '@app/contracts';
import { loadState } from '../shared/stream-state';
import { disclosureKey } from './blob-keys';
import { currentDisclosure } from './confirm-uploads';
import { dataDisclosureDecider } from './data-disclosure-decider';
import { disclosureAcceptanceDecider, mustAcceptDisclosure } from './disclosure-acceptance-decider';
import type { FeatureDataRouteOptions } from './pptx-routes';
import { runRequestCommand } from '../shared/command-step';
import { presignedUpload, storedContentType } from './upload-type';
import { requestMetadata } from '../shared/command-route';

/** A refusal with its status code (409: the disclosure is not the one the user read). */
class DisclosureRefusal extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = 'DisclosureRefusal';
  }
}

/**
 * The Data Disclosure: admins upload it (a pdf, stored as data_disclosure_{timestamp}.pdf); every
 * signed-in user reads the latest, learns whether they accepted it, and accepts it (an event).
 */
export const disclosureRoutes =
  (opts: FeatureDataRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const current = async (request: FastifyRequest) =>
      currentDisclosure(opts.db, opts.blobs, requestMetadata(request, await request.actor()));

    routes.post(
      featureDataRoutes.disclosureUpload,
      {
        preValidation: app.requireAdmin,
        schema: {
          description: 'Uploads a new Data Disclosure (pdf): answers the signed url its bytes are PUT to.',
          body: DisclosureUploadRequest,
          response: { ...errorResponses, 200: PresignedUrlResponse },
        },
      },
      async (request) => {
        const contentType = storedContentType('disclosure', request.body.fileName, request.body.contentType);
        const version = String(Date.now());
        const key = disclosureKey(version);
        const data = {
          version,
          key,
          fileName: request.body.fileName,
          md5: request.body.md5,
          requestedAt: new Date().toISOString(),
        };
        const { result } = await runRequestCommand({ db: opts.db }, request, {
          name: 'requestDisclosureUpload',
          decider: dataDisclosureDecider,
          streamId: dataDisclosureStreamId,
          command: { type: 'RequestDisclosureUpload', data },
          key,
        });
        return presignedUpload(opts.blobs, result.key ?? key, { contentType, md5: request.body.md5 });
      },
    );

    routes.get(
      featureDataRoutes.disclosureLatest,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            "The latest Data Disclosure's version and a signed download url (null when there is none).",
          response: { ...errorResponses, 200: DisclosureLatestResponse },
        },
      },
      async (request) => {
        const { latest } = await current(request);
        const answer: DisclosureLatestResponse = {
          success: true,
          data: latest && {
            version: latest.version,
            fileName: latest.key.split('/').pop() ?? latest.fileName,
            uploadedAt: latest.requestedAt,
            url: await opts.blobs.signDownload(latest.key, {
              expiresInSeconds: featureDataLimits.urlSeconds,
              fileName: latest.key.split('/').pop() ?? 'data_disclosure.pdf',
            }),
          },
        };
        return answer;
      },
    );

    routes.get(
      featureDataRoutes.disclosureCheck,
      {
        preValidation: app.requireUser,
        schema: {
          description: 'Whether the caller accepted the latest Data Disclosure (true when there is none).',
          response: { ...errorResponses, 200: DisclosureCheckResponse },
        },
      },
      async (request) => {
        const { latest } = await current(request);
        const email = (await request.actor()).email;
        const accepted = (
          await loadState(opts.db, disclosureAcceptanceDecider, disclosureAcceptanceStreamId(email))
        ).state;
        const answer: DisclosureCheckResponse = {
          success: true,
          acceptedDataDisclosure: !mustAcceptDisclosure(latest?.version ?? null, accepted),
          latestVersion: latest?.version ?? null,
        };
        return answer;
      },
    );

    routes.post(
      featureDataRoutes.disclosureSave,
      {
        preValidation: app.requireUser,
        schema: {
          description:
            'The caller accepts the latest Data Disclosure (recorded once per version). 403 for another ' +
            "user's email, 409 when there is none or a newer one than the `version` read.",
          body: DisclosureSaveRequest,
          response: { ...errorResponses, 200: FeatureDataChangeResponse, 409: ErrorResponse },
        },
      },
      async (request) => {
        const email = (await request.actor()).email;
        const body = request.body;
        if (body.email.toLowerCase() !== email.toLowerCase())
          throw new DisclosureRefusal(featureDataMessages.acceptOnlyYourself, 403);
        if (!body.acceptedDataDisclosure) {
          const nothing: FeatureDataChangeResponse = { success: true, position: '0' };
          return nothing;
        }
        const { latest } = await current(request);
        if (!latest) throw new DisclosureRefusal(featureDataMessages.noDisclosure, 409);
        if (body.version !== undefined && body.version !== latest.version)
          throw new DisclosureRefusal(featureDataMessages.disclosureChanged, 409);
        const { result } = await runRequestCommand(opts, request, {
          name: 'acceptDisclosure',
          decider: disclosureAcceptanceDecider,
          streamId: disclosureAcceptanceStreamId(email),
          command: { type: 'AcceptDisclosure', data: { email, version: latest.version } },
        });
        const answer: FeatureDataChangeResponse = { success: true, position: result.position };
        return answer;
      },
    );
  };
