import {
  ConversationCommandResponse,
  conversationRoutes,
  type ConversationSettingsRequest,
} from '@app/contracts';
import { postForPosition } from '../../api/http';

/** POST settings: a cloud conversation's settings kept by the server; the position to wait for. */
export async function saveCloudSettings(request: ConversationSettingsRequest): Promise<string> {
  return postForPosition(
    'saveConversationSettings',
    conversationRoutes.settings,
    ConversationCommandResponse,
    request,
  );
}
