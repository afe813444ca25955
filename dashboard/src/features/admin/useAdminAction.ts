import { ApiError } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import { useToast } from '../../ui/useToast.ts';

/**
 * Runs an audited admin action: asks `confirmText` first (none for an action that undoes nothing, such as enabling a
 * user), then says what happened, or the server's reason it did not
 * happen (a conflict such as "already revoked", or the item being gone), and reloads the list either way.
 */
export function useAdminAction(reload: () => Promise<unknown>) {
  const toast = useToast();
  return async (confirmText: string | undefined, action: () => Promise<unknown>, done: string) => {
    if (confirmText && !window.confirm(confirmText)) return;
    try {
      await action();
      toast.show({ tone: 'success', message: done });
    } catch (error) {
      const readable = error instanceof ApiError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND');
      toast.show({ tone: 'error', message: readable ? error.message : t('adminOps.failedAction') });
    }
    await reload();
  };
}
