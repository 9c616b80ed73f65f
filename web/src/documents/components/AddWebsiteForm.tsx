import { useId, useState, type KeyboardEvent } from 'react';
import { useSetAtom } from 'jotai';
import { errorText } from '../../api/http';
import { CheckField } from '../../ui/CheckField';
import { addWebsiteAtom } from '../state/add-website';
import { checkWebsiteForm, websiteFormText } from '../website-form';
import '../add-website.css';

/**
 * Adds a web page, or a sitemap's pages (Sitemap checked), to the user's documents. The URL check's
 * words show under the input as the user types or submits; in sitemap mode its warning shows and
 * the URL is still taken. Not a <form>: the panel sits inside the chat input's form (Enter adds).
 */
export function AddWebsiteForm() {
  const [typed, setTyped] = useState('');
  const [sitemap, setSitemap] = useState(false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const add = useSetAtom(addWebsiteAtom);
  const messageId = useId();
  const check = checkWebsiteForm(typed, sitemap, touched);

  const submit = async () => {
    setTouched(true);
    setRefusal(null);
    setDone(null);
    if (check.url === null || busy) return;
    setBusy(true);
    try {
      const added = await add({ url: typed, sitemap });
      setTyped('');
      setTouched(false);
      setDone(websiteFormText.added(added));
    } catch (e) {
      setRefusal(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const error = check.error ?? refusal;
  return (
    <div className="add-website" role="group" aria-label="Add a website">
      <div className="add-website-row">
        <input
          className="input add-website-url"
          type="text"
          inputMode="url"
          aria-label="Website URL"
          placeholder={sitemap ? 'https://www.example.com/sitemap.xml' : 'https://www.example.com'}
          value={typed}
          aria-invalid={error !== null}
          aria-describedby={messageId}
          onChange={(e) => {
            setTyped(e.target.value);
            setTouched(true);
            setRefusal(null);
            setDone(null);
          }}
          onKeyDown={onKeyDown}
        />
        <CheckField className="add-website-sitemap" label="Sitemap" checked={sitemap} onChange={setSitemap} />
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          aria-label="Add website"
          onClick={() => void submit()}
        >
          {busy ? 'Adding…' : 'Add'}
        </button>
      </div>
      <div id={messageId}>
        {error !== null && <p className="add-website-error">{error}</p>}
        {error === null && check.warning !== null && <p className="add-website-warning">{check.warning}</p>}
        {done !== null && (
          <p className="add-website-done" role="status">
            {done}
          </p>
        )}
      </div>
    </div>
  );
}
