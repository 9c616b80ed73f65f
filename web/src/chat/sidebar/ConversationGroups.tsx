import { useMemo } from 'react';
import { ConversationItem } from '../components/ConversationItem';
import type { ConversationListItem } from '../model/types';
import { groupConversations } from './conversation-groups';

const headingId = (label: string) => `chat-group-${label.toLowerCase().replace(/\W+/g, '-')}`;

export interface ConversationGroupsProps {
  conversations: readonly ConversationListItem[];
  activeId: string | null;
}

/** The conversations under their day's heading: Today, Yesterday, Previous 7 days, Older. */
export function ConversationGroups({ conversations, activeId }: ConversationGroupsProps) {
  // The day changes rarely while the list shows: reading the clock with the list is enough.
  const groups = useMemo(() => groupConversations(conversations, new Date()), [conversations]);
  return (
    <>
      {groups.map((group) => (
        <section key={group.label} className="chat-group" aria-labelledby={headingId(group.label)}>
          <h2 className="chat-group-label" id={headingId(group.label)}>
            {group.label}
          </h2>
          <ul>
            {group.items.map((c) => (
              <ConversationItem key={c.id} conversation={c} active={c.id === activeId} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
