import type { MasterKeyWrapper } from './master-key-wrapper';

/**
 * The master keys this process holds, by id: every SecretBox made here adds its own. Opening a
 * sealed conversation text (conversation-keys.ts) looks up the master key its data key is wrapped
 * under, so the projections, which are a fixed list shared by every process, open text without the
 * key being threaded through them; a process that holds no master key cannot open any. Bounded (the
 * least recently used goes first): a process holds one key, a test worker a few hundred at most.
 */
const held = new Map<string, MasterKeyWrapper>();
const maxHeld = 256;

export const holdMasterKey = (wrapper: MasterKeyWrapper): void => {
  held.delete(wrapper.keyId);
  held.set(wrapper.keyId, wrapper);
  while (held.size > maxHeld) {
    const oldest = held.keys().next().value;
    if (oldest === undefined) break;
    held.delete(oldest);
  }
};

export const heldMasterKey = (keyId: string): MasterKeyWrapper | undefined => {
  const wrapper = held.get(keyId);
  if (wrapper) holdMasterKey(wrapper);
  return wrapper;
};
