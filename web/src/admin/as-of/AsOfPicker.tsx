import { useId, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { revertMessages } from '@app/contracts';
import { answeredSignedOut, errorText } from '../../api/http';
import { Modal } from '../../ui/Modal';
import { asOfPickerOpenAtom, openAsOfAtom } from './as-of-state';
import { localInputValue, momentOf, type PickMode } from './moment';

/** 'View as of…': a date and time in the admin's local time, or a log position. */
export function AsOfPicker() {
  const close = useSetAtom(asOfPickerOpenAtom);
  const open = useSetAtom(openAsOfAtom);
  const id = useId();
  const [mode, setMode] = useState<PickMode>('time');
  const [time, setTime] = useState(() => localInputValue(new Date(Date.now() - 60 * 60 * 1000)));
  const [position, setPosition] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const moment = momentOf(mode, mode === 'time' ? time : position);
    if (!moment) return setError(revertMessages.pickMissing);
    setBusy(true);
    setError(null);
    try {
      await open(moment);
    } catch (e) {
      if (!answeredSignedOut(e)) setError(errorText(e) || revertMessages.loadAtFailed);
      setBusy(false);
    }
  };

  return (
    <Modal label={revertMessages.pickerTitle} onDismiss={() => close(false)} className="as-of-picker">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 className="confirm-title">{revertMessages.pickerTitle}</h2>
        <fieldset className="as-of-modes">
          <legend className="visually-hidden">{revertMessages.viewAsOf}</legend>
          <label className="as-of-mode">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'time'}
              onChange={() => setMode('time')}
            />
            {revertMessages.pickByTime}
          </label>
          <label className="as-of-mode">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'position'}
              onChange={() => setMode('position')}
            />
            {revertMessages.pickByPosition}
          </label>
        </fieldset>
        {mode === 'time' ? (
          <label className="as-of-field">
            <span>{revertMessages.pickByTime}</span>
            <input
              type="datetime-local"
              step={1}
              value={time}
              max={localInputValue(new Date())}
              onChange={(e) => setTime(e.target.value)}
              aria-describedby={error ? `${id}-error` : undefined}
              data-autofocus
            />
          </label>
        ) : (
          <label className="as-of-field">
            <span>{revertMessages.pickByPosition}</span>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={position}
              onChange={(e) => setPosition(e.target.value)}
              aria-describedby={error ? `${id}-error` : undefined}
              autoFocus
            />
          </label>
        )}
        {error && (
          <p id={`${id}-error`} className="as-of-error" role="alert">
            {error}
          </p>
        )}
        <div className="confirm-actions">
          <button type="button" className="btn" onClick={() => close(false)}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Loading…' : revertMessages.pickView}
          </button>
        </div>
      </form>
    </Modal>
  );
}
