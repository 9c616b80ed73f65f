import { useCallback, useEffect, useState } from 'react';
import { defaultAccount, type Account, type ApiKeyUpdate, type ApiKeyView } from '@app/contracts';
import { fetchAccounts } from '../api/accounts';
import { createApiKey, deactivateApiKey, fetchApiKeys, rotateApiKey, updateApiKeys } from '../api/api-keys';
import { errorText } from '../api/http';
import { defaultAccountFirst } from '../state/account-order';
import { createRequestOf, type KeyFormState } from './key-form';
import { whileMounted } from '../ui/while-mounted';

/** A secret as create or rotate answered it: kept by the dialog while shown, then forgotten. */
export interface ShownSecret {
  applicationName: string;
  secret: string;
}

export interface ApiKeysPanel {
  keys: ApiKeyView[] | null;
  accounts: Account[];
  busy: boolean;
  /** The last refusal or failure, in the server's words when it gave any. */
  error: string | null;
  /** The server's message of the last change. */
  notice: string | null;
  clearMessages: () => void;
  /** Each answers the secret to show once (create of a delegate's key: none), or false when refused. */
  create: (form: KeyFormState) => Promise<ShownSecret | null | false>;
  rotate: (key: ApiKeyView) => Promise<ShownSecret | false>;
  update: (update: ApiKeyUpdate) => Promise<boolean>;
  deactivate: (key: ApiKeyView) => Promise<boolean>;
}

/**
 * The panel's data and calls. Everything lives in this hook's state: closing the dialog unmounts
 * it and forgets it all, the secrets first (nothing goes to an atom or to storage).
 */
export function useApiKeys(): ApiKeysPanel {
  const [keys, setKeys] = useState<ApiKeyView[] | null>(null);
  const [accounts, setAccounts] = useState<Account[]>([defaultAccount()]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setKeys(await fetchApiKeys());
    } catch (e) {
      setError(errorText(e));
      setKeys((current) => current ?? []);
    }
  }, []);

  useEffect(() => {
    const stops = [
      whileMounted(fetchApiKeys(), setKeys, (e) => {
        setError(errorText(e));
        setKeys([]);
      }),
      // On a failure the default account stays offered.
      whileMounted(fetchAccounts(), (found) => setAccounts(defaultAccountFirst(found))),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);

  /** Runs one call: busy meanwhile, its message or its refusal shown, the list read again after. */
  const run = async <T>(call: () => Promise<{ message: string; value: T }>): Promise<T | false> => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const { message, value } = await call();
      setNotice(message);
      return value;
    } catch (e) {
      setError(errorText(e));
      return false;
    } finally {
      setBusy(false);
      await reload();
    }
  };

  return {
    keys,
    accounts,
    busy,
    error,
    notice,
    clearMessages: () => {
      setError(null);
      setNotice(null);
    },
    create: (form) =>
      run(async () => {
        const answer = await createApiKey(createRequestOf(form, accounts));
        const { secret, key } = answer.data;
        return {
          message: answer.message,
          value: secret === undefined ? null : { applicationName: key.applicationName, secret },
        };
      }),
    rotate: (key) =>
      run(async () => {
        const answer = await rotateApiKey(key.apiKeyId);
        const secret = answer.data.secret;
        if (secret === undefined) throw new Error(answer.message);
        return { message: answer.message, value: { applicationName: key.applicationName, secret } };
      }),
    update: async (update) =>
      (await run(async () => ({ message: (await updateApiKeys([update])).message, value: true }))) === true,
    deactivate: async (key) =>
      (await run(async () => ({ message: (await deactivateApiKey(key.apiKeyId)).message, value: true }))) ===
      true,
  };
}
