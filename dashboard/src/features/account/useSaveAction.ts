import { useState } from 'react';
import { formFailure, type FormFailure } from '../auth/formError.ts';

const NO_FAILURE: FormFailure = { fields: {}, form: undefined };

/**
 * One save action of a form on the account page: busy while it runs, then either `saved` or the failure as
 * form errors (spec §8: the errors from the response are kept as form errors, under their fields).
 */
export function useSaveAction(shownFields: readonly string[], fallback: string) {
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);

  const run = async (action: () => Promise<void>): Promise<void> => {
    if (busy) return;
    setBusy(true);
    setSaved(false);
    setFailure(NO_FAILURE);
    try {
      await action();
      setSaved(true);
    } catch (error) {
      setFailure(formFailure(error, shownFields, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { busy, saved, failure, run, dismissSaved: () => setSaved(false) };
}
