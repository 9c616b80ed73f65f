import type { z } from 'zod';
import { artifactIdPattern } from './artifact-id';
import { blockMessages } from './block-messages';
import { parseJsonBlock, type BlockParse } from './block-parse';
import { blockEnum, blockList, blockObject, blockText, requiredBlockText } from './fields';

export const artifactTypes = ['text', 'markdown', 'code', 'html', 'json', 'csv', 'svg'] as const;
export type ArtifactType = (typeof artifactTypes)[number];

export const artifactLimits = {
  nameLength: 200,
  descriptionLength: 2_000,
  instructionsLength: 20_000,
  /** Existing artifacts one block may build on. */
  included: 20,
  /** The content of one artifact. */
  contentLength: 500_000,
  /** Artifacts one conversation keeps in the browser. */
  perConversation: 200,
} as const;

const ArtifactIdOrNew = blockText('id', 220).refine(
  (id) => id === '' || artifactIdPattern.test(id),
  blockMessages.artifactIdShape,
);

/** The ```autoArtifacts block. */
export const AutoArtifactsBlock = blockObject({
  instructions: requiredBlockText('instructions', artifactLimits.instructionsLength),
  includeArtifactsId: blockList(
    blockText('includeArtifactsId', 220).regex(artifactIdPattern, blockMessages.artifactIdShape),
    'includeArtifactsId',
    artifactLimits.included,
  ),
  /** '' for a new artifact; the exact existing id for a revision. */
  id: ArtifactIdOrNew,
  name: requiredBlockText('name', artifactLimits.nameLength),
  description: blockText('description', artifactLimits.descriptionLength),
  type: blockEnum(artifactTypes),
});
export type AutoArtifactsBlock = z.output<typeof AutoArtifactsBlock>;

/** {instructions, includeArtifactsId, id, name, description, type}: every field present, nothing else. */
export const parseAutoArtifactsBlock = (text: string): BlockParse<AutoArtifactsBlock> =>
  parseJsonBlock('autoArtifacts', text, AutoArtifactsBlock);
