import { normaliseEmail } from '../email';

/** What deciding who may use an assistant needs of it. */
export interface AssistantAccessView {
  owner: string;
  groupId: string | null;
  builtIn: boolean;
  publication: {
    isPublic: boolean;
    accessTo: { amplifyGroups: readonly string[]; users: readonly string[] };
  } | null;
}

/** What is known of the caller: their email, their Amplify groups (inclusions resolved), their assistant groups. */
export interface AssistantCaller {
  email: string;
  amplifyGroups: readonly string[];
  /**
   * Whether the caller may use the assistants of this assistant group (a member, or the group is
   * public); undefined when assistant groups are not known (then only the group assistant's owner may).
   */
  groupAccess?: (groupId: string) => boolean;
}

/**
 * Who may use an assistant: everyone a
 * built-in; its owner; the members of its assistant group (everyone when the group is public);
 * once published, everyone signed in when public, else the listed users and the members of the
 * listed Amplify groups.
 */
export const canUseAssistant = (assistant: AssistantAccessView, caller: AssistantCaller): boolean => {
  if (assistant.builtIn) return true;
  const email = normaliseEmail(caller.email);
  if (normaliseEmail(assistant.owner) === email) return true;
  if (assistant.groupId !== null && caller.groupAccess?.(assistant.groupId) === true) return true;
  const published = assistant.publication;
  if (!published) return false;
  if (published.isPublic) return true;
  if (published.accessTo.users.some((u) => normaliseEmail(u) === email)) return true;
  return published.accessTo.amplifyGroups.some((g) => caller.amplifyGroups.includes(g));
};

/**
 * An assistant as someone other than its owner sees it: who else it is published to (emails, groups)
 * and the owner's document keys stay with the owner; the assistant still uses its documents in chat.
 */
export const definitionSeenBy = <
  D extends AssistantAccessView & { dataSources: readonly unknown[]; fileKeys: readonly string[] },
>(
  definition: D,
  email: string,
): D =>
  normaliseEmail(definition.owner) === normaliseEmail(email)
    ? definition
    : {
        ...definition,
        dataSources: [],
        fileKeys: [],
        publication: definition.publication && {
          ...definition.publication,
          accessTo: { amplifyGroups: [], users: [] },
        },
      };
