import { useState } from 'react';
import { blockTexts, type AutoBlock } from '@app/contracts';
import { errorText } from '../api/http';
import { BlockOutcome } from './BlockFrame';
import { answerText, callOp } from './ops-call';

interface OpResult {
  name: string;
  ok: boolean;
  text: string;
}

/** An ```auto block: the ops it will run and their parameters; Run calls them in order (POST /ops). */
export function AutoBlockView({ block }: { block: AutoBlock }) {
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<OpResult[] | null>(null);

  const run = async () => {
    setBusy(true);
    const done: OpResult[] = [];
    for (const op of block.ops) {
      try {
        const answer = await callOp(op);
        const ok = answer.success;
        done.push({
          name: op.name,
          ok,
          text: ok ? answerText(answer.data) : (answer.message ?? answerText(answer.data)),
        });
      } catch (e) {
        done.push({ name: op.name, ok: false, text: errorText(e) });
      }
      setResults([...done]);
    }
    setBusy(false);
  };

  return (
    <div className="chat-block-body">
      <p className="chat-block-note">Runs these operations:</p>
      <ul className="chat-block-refs">
        {block.ops.map((op, i) => (
          <li key={`${i}/${op.name}`}>
            <code>{op.name}</code>
            {op.system_op && ' (system)'}{' '}
            {Object.keys(op.params).length > 0 && <code>{JSON.stringify(op.params)}</code>}
          </li>
        ))}
      </ul>
      <div className="chat-block-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run()}>
          {busy ? blockTexts.running : blockTexts.runOps}
        </button>
      </div>
      {results?.map((r, i) => (
        <section key={`${i}/${r.name}`} className="chat-block-op-result" aria-label={`Result of ${r.name}`}>
          {r.ok ? (
            <pre className="render-code">
              <code>{r.text}</code>
            </pre>
          ) : (
            <BlockOutcome ok={false} text={`${r.name}: ${r.text}`} />
          )}
        </section>
      ))}
    </div>
  );
}
