import { z } from 'zod';
import { ChatId } from './chat-request';

/** A conversation's own settings' bounds and the temperature a request has when none is set. */
export const conversationSettingsLimits = {
  instructionsLength: 10_000,
  minTemperature: 0,
  maxTemperature: 2,
  /** The app's default temperature (the chat request's when the conversation sets none). */
  defaultTemperature: 1,
} as const;

/** The words of a conversation's settings, shown to users word for word (both sides). */
export const conversationSettingsMessages = {
  temperatureRange: `Temperature must be a number from ${conversationSettingsLimits.minTemperature} to ${conversationSettingsLimits.maxTemperature}.`,
  instructionsTooLong: `Instructions must be at most ${conversationSettingsLimits.instructionsLength.toLocaleString('en-US')} characters long.`,
  /** The conversation's model is no longer offered: the picker keeps the model it shows. */
  modelGone: (model: string) => `This conversation used ${model}, which is no longer available.`,
} as const;

export const ConversationTemperature = z
  .number({ message: conversationSettingsMessages.temperatureRange })
  .min(conversationSettingsLimits.minTemperature, conversationSettingsMessages.temperatureRange)
  .max(conversationSettingsLimits.maxTemperature, conversationSettingsMessages.temperatureRange);

/**
 * A conversation's own settings: `instructions` added to the system prompt of its requests ('' for
 * none), `temperature` its requests' (null: the app's default, or the assistant's).
 */
export const ConversationSettings = z.object({
  instructions: z
    .string()
    .max(conversationSettingsLimits.instructionsLength, conversationSettingsMessages.instructionsTooLong),
  temperature: ConversationTemperature.nullable(),
});
export type ConversationSettings = z.infer<typeof ConversationSettings>;

/** No instructions, the default temperature. */
export const noConversationSettings: ConversationSettings = { instructions: '', temperature: null };

/** POST `/api/conversations/settings`: the settings of one of the caller's cloud conversations. */
export const ConversationSettingsRequest = ConversationSettings.extend({ conversationId: ChatId });
export type ConversationSettingsRequest = z.infer<typeof ConversationSettingsRequest>;

/** The event of a conversation stream when its settings are saved. */
export interface ConversationSettingsChangedData {
  conversationId: string;
  instructions: string;
  temperature: number | null;
}
