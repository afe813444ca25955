import { useAtomValue } from 'jotai';
import { may, PERMISSIONS, type Permission } from '@showback/contract';
import { userAtom } from './userAtom.ts';

/**
 * Whether the signed-in person may take `action`, from the same table the API checks (contract PERMISSIONS), and the
 * sentence to show instead of an action they may not take.
 */
export function usePermission(action: Permission): { allowed: boolean; reason: string } {
  const user = useAtomValue(userAtom);
  return { allowed: may(user?.role, action), reason: PERMISSIONS[action].refusal };
}
