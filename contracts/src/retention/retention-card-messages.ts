/** The Retention card's words (Admin Interface, Configurations tab); its errors are retentionMessages. */
export const retentionCardMessages = {
  lead: 'Expired conversations are deleted for good every day: their messages can no longer be read. Usage and cost stay.',
  conversationDaysLabel: 'Keep cloud conversations (days)',
  conversationDaysHint: "Days after a conversation's last message; empty keeps them forever.",
  conversationDaysPlaceholder: 'Forever',
  streamReplayHoursLabel: 'Keep chat stream replays (hours)',
  streamReplayHoursHint:
    'How long an answer can be picked up again after a reload; empty keeps the default of 10 minutes.',
  streamReplayHoursPlaceholder: '10 minutes',
  heldUsersLabel: 'Legal hold: users',
  heldUsersHint: 'One email a line; their conversations are never expired.',
  heldGroupsLabel: 'Legal hold: Amplify groups',
  heldGroupsHint: "One group name a line; their members' conversations are never expired.",
} as const;
