import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { confirmAtom, type ConfirmRequest } from './confirmAtom.ts';

/**
 * The product's replacement for `window.confirm`: `await confirm({ title, text, confirmLabel })` is true once the
 * person confirmed in ConfirmHost's dialog, false when they cancelled (button, Escape).
 */
export function useConfirm() {
  const setPending = useSetAtom(confirmAtom);
  return useCallback((request: ConfirmRequest) => new Promise<boolean>((answer) => setPending({ ...request, answer })), [setPending]);
}
