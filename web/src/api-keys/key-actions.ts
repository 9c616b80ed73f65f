/**
 * The key-state rules as the panel shows them: a key is active or inactive and is
 * never reactivated; only an active key is rotated, updated or deactivated; an inactive key is only
 * read. Its owner updates it; whoever uses it (the delegate when there is one, else the owner)
 * rotates it, since rotating shows the secret; either may deactivate it (the server's rules).
 */

export interface KeyState {
  active: boolean;
  owner: string;
  delegate?: string | null | undefined;
}

export interface KeyActions {
  rotate: boolean;
  update: boolean;
  deactivate: boolean;
}

const none: KeyActions = { rotate: false, update: false, deactivate: false };

export const keyActions = (key: KeyState, me: string): KeyActions => {
  if (!key.active) return none;
  const owner = key.owner === me;
  const holder = key.delegate ? key.delegate === me : owner;
  return { rotate: holder, update: owner, deactivate: owner || key.delegate === me };
};

/** 'Active' or 'Inactive', as the list says it. */
export const keyStatus = (key: Pick<KeyState, 'active'>): 'Active' | 'Inactive' =>
  key.active ? 'Active' : 'Inactive';
