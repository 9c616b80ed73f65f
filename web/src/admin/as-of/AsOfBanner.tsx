import { useSetAtom } from 'jotai';
import { revertMessages } from '@app/contracts';
import { backToNowAtom, type AsOfView } from './as-of-state';

/** Says that the dialog shows the configuration at a moment, read only, with 'Back to now'. */
export function AsOfBanner({ view }: { view: AsOfView }) {
  const backToNow = useSetAtom(backToNowAtom);
  return (
    <div className="as-of-banner" role="status">
      <p className="as-of-banner-text">{revertMessages.viewingAsOf(view.when)}</p>
      <button type="button" className="btn btn-small" onClick={() => backToNow()}>
        {revertMessages.backToNow}
      </button>
    </div>
  );
}
