import { describe, it } from 'vitest';
import type { ConversationStorageEvent } from '@app/contracts';
import { conversationStorageDecider } from '../../src/configurations/conversation-storage';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(conversationStorageDecider);
const changed = (storage: 'future-local' | 'future-cloud'): ConversationStorageEvent => ({
  type: 'ConversationStorageDefaultChanged',
  data: { storage },
});
const save = (storage: 'future-local' | 'future-cloud') => ({
  type: 'UpdateDefaultConversationStorage' as const,
  data: { storage },
});

describe('default conversation storage decider', () => {
  it('the default is future-local (Local): saving it first appends nothing', () => {
    given([]).when(save('future-local')).then([]);
  });

  it('Cloud, then back to Local', () => {
    given([])
      .when(save('future-cloud'))
      .then([changed('future-cloud')]);
    given([changed('future-cloud')])
      .when(save('future-local'))
      .then([changed('future-local')]);
  });

  it('the same choice again appends nothing', () => {
    given([changed('future-cloud')])
      .when(save('future-cloud'))
      .then([]);
  });
});
