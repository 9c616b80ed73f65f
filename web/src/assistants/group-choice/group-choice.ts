/**
 * The group-choice radio list: where an assistant is offered under several
 * groups, the user picks the group the conversation belongs to. An option may be disabled with a
 * message; by default 'Conversation is not available for this group.'
 */
export const groupChoiceDefaultMessage = 'Conversation is not available for this group.';

export interface GroupChoiceOption {
  id: string;
  label: string;
  disabled?: boolean;
  /** Shown under a disabled option; the default message when left out. */
  disabledMessage?: string;
}

/** The message a disabled option shows; null for an option that may be chosen. */
export const disabledMessageOf = (option: GroupChoiceOption): string | null =>
  option.disabled === true ? (option.disabledMessage ?? groupChoiceDefaultMessage) : null;

/** The choice shown: the one given when it may be chosen, else the first that may; null when none. */
export const effectiveChoice = (
  options: readonly GroupChoiceOption[],
  chosen: string | null,
): string | null => {
  const enabled = options.filter((o) => o.disabled !== true);
  return enabled.find((o) => o.id === chosen)?.id ?? enabled[0]?.id ?? null;
};
