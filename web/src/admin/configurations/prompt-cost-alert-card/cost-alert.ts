import {
  fillPromptCostAlert,
  isWholeCents,
  promptCostAlertPlaceholders,
  type PromptCostAlertSection,
} from '@app/contracts';

/** The placeholders as the message writes them: '<totalCost>', '<prompts>'. */
export const placeholderTokens = promptCostAlertPlaceholders.map((p) => `<${p}>`);

export const placeholdersHint = `Supports the placeholders ${placeholderTokens.join(' and ')}.`;

/** The cost field's text as a cost: a number of at least 0 in steps of 0.01, or null. */
export const parseCost = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const cost = Number(trimmed);
  return Number.isFinite(cost) && cost >= 0 && isWholeCents(cost) ? cost : null;
};

/** Puts a placeholder where the caret is (replacing a selection); answers the caret after it. */
export const insertPlaceholder = (
  message: string,
  token: string,
  start: number,
  end: number,
): { message: string; caret: number } => {
  const from = Math.max(0, Math.min(start, message.length));
  const to = Math.max(from, Math.min(end, message.length));
  return { message: `${message.slice(0, from)}${token}${message.slice(to)}`, caret: from + token.length };
};

/** The message with example values, as a user would read it. */
export const previewAlert = (message: string): string =>
  fillPromptCostAlert(message, { totalCost: '$12.50', prompts: 42 });

export const setCostAlert = <F extends keyof PromptCostAlertSection>(
  value: PromptCostAlertSection,
  field: F,
  next: PromptCostAlertSection[F],
): PromptCostAlertSection => ({ ...value, [field]: next });
