import { useEffect } from 'react';

type Close = (value: null) => void;

/** Leaving the tab closes its open dialog and its confirmation: both are set to null when it unmounts. */
export function useCloseOnLeave(closeDialog: Close, closeConfirm: Close): void {
  useEffect(
    () => () => {
      closeDialog(null);
      closeConfirm(null);
    },
    [closeDialog, closeConfirm],
  );
}
