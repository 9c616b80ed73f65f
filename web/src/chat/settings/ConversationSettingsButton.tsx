/** Opens the shown conversation's settings (instructions, temperature); nothing yet. */
export function ConversationSettingsButton() {
  return null;
}
