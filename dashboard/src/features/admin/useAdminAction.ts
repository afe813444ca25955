import { ApiError } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import type { ConfirmRequest } from '../../ui/confirmAtom.ts';
import { useConfirm } from '../../ui/useConfirm.ts';
import { useToast } from '../../ui/useToast.ts';
import '../../messages/en/adminOps.ts';

/**
 * Runs an audited admin action: asks `question` first in the product's dialog (none for an action that undoes nothing, such as enabling a
 * user), then says what happened, or the server's reason it did not
 * happen (a conflict such as "already revoked", or the item being gone), and reloads the list either way.
 */
export function useAdminAction(reload: () => Promise<unknown>) {
  const toast = useToast();
  const confirm = useConfirm();
  return async (question: ConfirmRequest | undefined, action: () => Promise<unknown>, done: string) => {
    if (question && !(await confirm(question))) return;
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
