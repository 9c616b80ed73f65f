import { useSetAtom } from 'jotai';
import { mcpToolChoiceLabels, type McpUserServer } from '@app/contracts';
import { setServerOnAtom } from './tools-state';

/** The servers of the Tools menu: each one's switch, then its tools (name, description, 'Ask first'). */
export function ToolServerList({
  servers,
  on,
}: {
  servers: readonly McpUserServer[];
  on: readonly string[];
}) {
  const setOn = useSetAtom(setServerOnAtom);
  return (
    <ul className="chat-tools-servers" aria-label="MCP servers">
      {servers.map((server) => {
        const checked = on.includes(server.id);
        return (
          <li key={server.id} className="chat-tools-server">
            <label className="chat-tools-switch">
              <span className="chat-tools-server-name">{server.name}</span>
              <input
                type="checkbox"
                role="switch"
                aria-label={`Use the tools of ${server.name}`}
                checked={checked}
                onChange={(e) => setOn(server.id, e.target.checked)}
              />
              <span className="chat-tools-track" aria-hidden="true" />
            </label>
            <ul className="chat-tools-list" aria-label={`Tools of ${server.name}`}>
              {server.tools.map((tool) => (
                <li key={tool.name} className="chat-tools-tool">
                  <span className="chat-tools-tool-head">
                    <code className="chat-tools-tool-name">{tool.name}</code>
                    {tool.choice === 'ask' && (
                      <span className="chat-tools-ask">{mcpToolChoiceLabels.ask}</span>
                    )}
                  </span>
                  {tool.description !== '' && (
                    <span className="chat-tools-description muted" title={tool.description}>
                      {tool.description}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
