import {
  mcpMessages,
  mcpToolChoiceLabels,
  mcpToolChoices,
  type McpToolChoice,
  type McpToolView,
} from '@app/contracts';
import { SelectField } from '../../../ui/SelectField';

/** A tool: its description, its input schema, the choice and, when it changed, the approved definition beside the new one. */
export function McpToolRow({
  tool,
  choice,
  onChoose,
}: {
  tool: McpToolView;
  choice: McpToolChoice;
  onChoose: (choice: McpToolChoice) => void;
}) {
  return (
    <li className={`mcp-tool mcp-tool-${tool.status}`}>
      <div className="mcp-tool-head">
        <strong className="mcp-tool-name">{tool.name}</strong>
        <SelectField
          label={`Choice for ${tool.name}`}
          hideLabel
          value={choice}
          options={mcpToolChoices}
          optionLabel={(o) => mcpToolChoiceLabels[o]}
          onChange={onChoose}
        />
      </div>
      {tool.status !== 'approved' && (
        <p className="mcp-tool-status">
          {tool.status === 'changed' ? mcpMessages.changed : mcpMessages.notApproved}
        </p>
      )}
      {tool.approved ? (
        <div className="mcp-diff" aria-label={`Changes of ${tool.name}`}>
          <div>
            <h5>Approved</h5>
            <p className="mcp-text">{tool.approved.description}</p>
            <pre className="mcp-schema">{tool.approved.inputSchema}</pre>
          </div>
          <div>
            <h5>Now</h5>
            <p className="mcp-text">{tool.description}</p>
            <pre className="mcp-schema">{tool.inputSchema}</pre>
          </div>
        </div>
      ) : (
        <>
          <p className="mcp-text">{tool.description}</p>
          <details>
            <summary>Input schema</summary>
            <pre className="mcp-schema">{tool.inputSchema}</pre>
          </details>
        </>
      )}
    </li>
  );
}
