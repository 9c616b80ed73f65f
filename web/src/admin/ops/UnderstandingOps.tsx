import { opsMessages } from '@app/contracts';

const fields: readonly [string, string][] = [
  ['Tags', 'Identifiers that retrieve the ops; ops that share a tag are grouped together.'],
  ['Function Name', 'The name an assistant calls the op by: letters, digits, underscores and hyphens.'],
  ['Path', 'The http or https address the request is sent to. Private addresses are refused.'],
  ['Method', 'The HTTP method of the request. GET and DELETE send no body.'],
  ['Description', 'What the op does, so an assistant knows when to call it.'],
  [
    'Parameters',
    'For POST, PUT and PATCH: the names, types and descriptions of the JSON body, and which are required.',
  ],
];

/** The help section: what ops are, what each field means, how assistants use them. */
export function UnderstandingOps() {
  return (
    <details className="card ops-help" open>
      <summary className="card-title">{opsMessages.helpTitle}</summary>
      <p>
        <strong>What are Ops?</strong> Ops let assistants send requests to APIs: an assistant whose tools name
        an op may call it while it answers.
      </p>
      <p>
        <strong>How do Ops work</strong> Each op is registered with what the request needs:
      </p>
      <ul>
        {fields.map(([name, text]) => (
          <li key={name}>
            <strong>{name}</strong> - {text}
          </li>
        ))}
      </ul>
      <p>
        <strong>How to use Ops in Assistants</strong> Name the op&apos;s function name among the
        assistant&apos;s tools. In chat the assistant calls it with parameters that fit its schema; the answer
        shows &quot;Calling &lt;function name&gt;...&quot; while the op runs.
      </p>
      <p>Ops registered here are system ops: every user&apos;s assistants may call them.</p>
    </details>
  );
}
