/** The OpenAI-compatible API's own refusals (the relay's are reused as they are). */
export const openaiApiMessages = {
  toolNotFunction:
    'tools: only function tools are supported ({type: "function", function: {name, description, parameters}}).',
  toolNameTwice: (name: string) => `tools: the tool name ${name} is given twice.`,
  toolChoiceShape: 'tool_choice: none, auto, required or {type: "function", function: {name}}.',
  toolChoiceUnknown: (name: string) => `tool_choice: no tool in tools is named ${name}.`,
  toolCallNotFunction: 'tool_calls: each is {id, type: "function", function: {name, arguments}}.',
  toolResultWithoutCall:
    'A tool message must answer a tool call of an earlier assistant message (its tool_call_id).',
  partNotSupported: (type: string) =>
    `content parts of type "${type}" are not supported by this API: send text and image_url parts only.`,
  /** An image part of a message that is not the user's. */
  imageNotInUserMessage: 'image_url parts are accepted in user messages only.',
  /** An image given by an http(s) (or any other) url: the platform never fetches one. */
  imageUrlNotData:
    'Only data: URLs are accepted for images (data:image/png;base64,...): the platform does not fetch image URLs.',
  /** A data: URL that is not base64 of a PNG, JPEG, GIF or WebP image. */
  imageDataMalformed: 'image_url.url: a base64 data: URL of a PNG, JPEG, GIF or WebP image is expected.',
  /** POST /v1/embeddings naming a model that is no embeddings model open to the caller (404). */
  embeddingsModelNotFound: (model: string) =>
    `The model ${model} does not exist or is not an embeddings model you may use.`,
  /** Every endpoint of the embeddings model failed (502). */
  embeddingsFailed: (reason: string) => `The embeddings model failed: ${reason}`,
} as const;
