import type { ConversationSettings } from '@app/contracts';
import {
  conversationSettingsLimits,
  conversationSettingsMessages,
  ConversationTemperature,
} from '@app/contracts';

/** The dialog's fields as typed: the temperature as text ('' for the default). */
export interface SettingsForm {
  instructions: string;
  temperature: string;
}

export interface SettingsFormErrors {
  instructions: string | null;
  temperature: string | null;
}

export const formOf = (settings: ConversationSettings): SettingsForm => ({
  instructions: settings.instructions,
  temperature: settings.temperature === null ? '' : String(settings.temperature),
});

/** The temperature typed: null for none (the default), NaN for what does not read as a number. */
const temperatureOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** What is wrong with each field, in the contract's words; nulls when the form can be saved. */
export const formErrors = (form: SettingsForm): SettingsFormErrors => {
  const temperature = temperatureOf(form.temperature);
  return {
    instructions:
      form.instructions.length > conversationSettingsLimits.instructionsLength
        ? conversationSettingsMessages.instructionsTooLong
        : null,
    temperature:
      temperature === null || ConversationTemperature.safeParse(temperature).success
        ? null
        : conversationSettingsMessages.temperatureRange,
  };
};

/** The settings a valid form saves (instructions as typed, trimmed); null while a field is wrong. */
export const settingsOf = (form: SettingsForm): ConversationSettings | null => {
  const errors = formErrors(form);
  if (errors.instructions !== null || errors.temperature !== null) return null;
  return { instructions: form.instructions.trim(), temperature: temperatureOf(form.temperature) };
};
