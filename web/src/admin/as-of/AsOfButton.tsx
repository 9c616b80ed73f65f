import { useEffect } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { revertMessages } from '@app/contracts';
import { AsOfPicker } from './AsOfPicker';
import { asOfPickerOpenAtom, backToNowAtom } from './as-of-state';
import './as-of.css';

/** The top bar's 'View as of…', with its picker; closing the dialog goes back to now. */
export function AsOfButton() {
  const [picking, setPicking] = useAtom(asOfPickerOpenAtom);
  const backToNow = useSetAtom(backToNowAtom);
  useEffect(
    () => () => {
      backToNow();
      setPicking(false);
    },
    [backToNow, setPicking],
  );
  return (
    <>
      <button
        type="button"
        className="btn as-of-button"
        onClick={() => setPicking(true)}
        title="The configuration as it was at a moment, read only"
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M13 3a9 9 0 0 0-9 9H1l3.9 3.9L9 12H6a7 7 0 1 1 2.05 4.95l-1.42 1.42A9 9 0 1 0 13 3zm-1 5v5l4.25 2.52.77-1.28-3.52-2.09V8z"
          />
        </svg>
        <span className="as-of-button-text">{revertMessages.viewAsOf}</span>
      </button>
      {picking && <AsOfPicker />}
    </>
  );
}
