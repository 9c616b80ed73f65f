import { classifyAddress, type AllowList } from '@app/platform';

/** Host names that always mean this machine. */
const loopbackNames = /^(?:localhost|[a-z0-9-]+\.localhost)\.?$/i;

/**
 * Whether an endpoint at `url` may be saved without a key: an OpenAI-compatible server without keys
 * (Ollama, vLLM, llama.cpp) runs on this machine or the private network, so only a url whose host is
 * a loopback or private address that OUTBOUND_ALLOW lists (`allow`), `localhost` while loopback is
 * listed, or a host name OUTBOUND_ALLOW names may do without one. Decided from the url alone: no name
 * is looked up, so a listed host name is keyless wherever it resolves (an operator who lists a name
 * declares it private).
 */
export const keylessEndpointAllowed = (url: string, allow: AllowList): boolean => {
  let host: string;
  try {
    host = new URL(url.trim()).hostname;
  } catch {
    return false;
  }
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const kind = classifyAddress(bare);
  if (kind !== 'invalid') return (kind === 'loopback' || kind === 'private') && allow.allowsAddress(bare);
  if (loopbackNames.test(bare)) return allow.allowsAddress('127.0.0.1') || allow.allowsAddress('::1');
  return allow.allowsHost(bare);
};
