/**
 * A minimal browser for redirect flows in tests: fetch with a cookie jar (per host, as browsers
 * keep them, ports shared), redirects followed one at a time so a test can stop at any of them.
 */
export interface CookieAgent {
  /** One request; redirects are not followed. */
  request(url: string, init?: { method?: 'GET' | 'POST'; form?: Record<string, string> }): Promise<Response>;
  /** Follows redirects from `url` until `stop(location)` says so or a page answers; the last URL and answer. */
  follow(
    url: string,
    stop?: (location: URL) => boolean,
    init?: { method?: 'POST'; form?: Record<string, string> },
  ): Promise<{ url: URL; response: Response }>;
  cookie(host: string, name: string): string | undefined;
  setCookie(host: string, name: string, value: string): void;
  deleteCookie(host: string, name: string): void;
}

export function cookieAgent(): CookieAgent {
  const jar = new Map<string, Map<string, string>>();
  const cookiesOf = (host: string): Map<string, string> => {
    let cookies = jar.get(host);
    if (!cookies) jar.set(host, (cookies = new Map<string, string>()));
    return cookies;
  };

  const store = (url: URL, response: Response): void => {
    const cookies = cookiesOf(url.hostname);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = attributes.some((a) => {
        const [key = '', v = ''] = a.trim().split('=');
        const k = key.toLowerCase();
        return (k === 'max-age' && Number(v) <= 0) || (k === 'expires' && Date.parse(v) <= Date.now());
      });
      if (gone || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  };

  const request: CookieAgent['request'] = async (raw, init = {}) => {
    const url = new URL(raw);
    const cookies = [...cookiesOf(url.hostname)].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers: Record<string, string> = cookies ? { cookie: cookies } : {};
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      redirect: 'manual',
      ...(body === undefined ? {} : { body }),
    });
    store(url, response);
    return response;
  };

  return {
    request,
    follow: async (start, stop = () => false, init) => {
      let url = new URL(start);
      let response = await request(url.href, init);
      for (let hops = 0; response.status >= 300 && response.status < 400; hops++) {
        if (hops > 20) throw new Error(`too many redirects from ${start}`);
        const location = response.headers.get('location');
        if (!location) break;
        const next = new URL(location, url);
        await response.body?.cancel();
        url = next;
        if (stop(next)) return { url, response };
        response = await request(url.href);
      }
      return { url, response };
    },
    cookie: (host, name) => cookiesOf(host).get(name),
    setCookie: (host, name, value) => void cookiesOf(host).set(name, value),
    deleteCookie: (host, name) => void cookiesOf(host).delete(name),
  };
}
