import { useEffect, useState, type ReactNode } from 'react';
import { featureDataMessages, type DataDisclosure } from '@app/contracts';
import { acceptDisclosure, checkDisclosure, fetchLatestDisclosure } from '../api/feature-data';
import { answeredNotFound } from '../api/relay';
import './disclosure.css';

export interface DisclosureGateProps {
  email: string;
  children: ReactNode;
}

type GateState =
  | { kind: 'checking' }
  | { kind: 'accepted' }
  | { kind: 'unavailable' }
  | { kind: 'asking'; disclosure: DataDisclosure; accepting: boolean; error: string | null };

/** Whether the user must read and accept a Data Disclosure first (and which). */
const gateFor = async (): Promise<GateState> => {
  try {
    const check = await checkDisclosure();
    if (check.acceptedDataDisclosure) return { kind: 'accepted' };
    const disclosure = await fetchLatestDisclosure();
    return disclosure ? { kind: 'asking', disclosure, accepting: false, error: null } : { kind: 'accepted' };
  } catch (e) {
    // A platform without the Data Disclosure routes has nothing to accept.
    return answeredNotFound(e) ? { kind: 'accepted' } : { kind: 'unavailable' };
  }
};

/**
 * Before the chat: when a Data Disclosure is published and the user has not accepted it, they read it
 * (a link to the pdf) and Accept; their acceptance is recorded, then the chat shows.
 */
export function DisclosureGate({ email, children }: DisclosureGateProps) {
  const [state, setState] = useState<GateState>({ kind: 'checking' });

  useEffect(() => {
    void gateFor().then(setState);
  }, []);
  const check = () => {
    setState({ kind: 'checking' });
    void gateFor().then(setState);
  };

  if (state.kind === 'accepted') return <>{children}</>;
  if (state.kind === 'checking')
    return (
      <p role="status" className="muted disclosure-status">
        Loading…
      </p>
    );
  if (state.kind === 'unavailable')
    return (
      <section className="disclosure" aria-label="Data Disclosure">
        <p role="alert">{featureDataMessages.disclosureLoadFailed}</p>
        <button type="button" className="btn" onClick={check}>
          Try again
        </button>
      </section>
    );

  const accept = async () => {
    setState({ ...state, accepting: true, error: null });
    try {
      await acceptDisclosure({ email, acceptedDataDisclosure: true, version: state.disclosure.version });
      setState({ kind: 'accepted' });
    } catch {
      setState({ ...state, accepting: false, error: featureDataMessages.disclosureAcceptFailed });
    }
  };

  return (
    <section className="disclosure" aria-label="Data Disclosure">
      <h2>Data Disclosure</h2>
      <p>Please read the Data Disclosure before you use the chat, then accept it.</p>
      <p>
        <a href={state.disclosure.url} target="_blank" rel="noopener noreferrer">
          Read the Data Disclosure ({state.disclosure.fileName})
        </a>
      </p>
      {state.error && <p role="alert">{state.error}</p>}
      <button
        type="button"
        className="btn btn-primary"
        disabled={state.accepting}
        onClick={() => void accept()}
      >
        Accept
      </button>
    </section>
  );
}
