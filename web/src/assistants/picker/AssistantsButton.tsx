import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../state/session';
import { AssistantsManager } from './AssistantsManager';

export interface AssistantsButtonProps {
  className?: string;
  role?: 'menuitem';
}

/** The Assistants entry (the account menu's): opens the user's assistants, to create, edit, publish, delete. */
export function AssistantsButton({ className = 'btn btn-ghost btn-small', role }: AssistantsButtonProps) {
  const me = useAtomValue(sessionAtom)?.email ?? '';
  const [managing, setManaging] = useState(false);
  return (
    <>
      <button type="button" className={className} role={role} onClick={() => setManaging(true)}>
        Assistants
      </button>
      {managing && <AssistantsManager me={me} onClose={() => setManaging(false)} />}
    </>
  );
}
