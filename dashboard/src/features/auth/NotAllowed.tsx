import { useAtomValue } from 'jotai';
import { may, PERMISSIONS, type Permission } from '@showback/contract';
import { Banner } from '../../ui/Banner.tsx';
import { userAtom } from './userAtom.ts';

/**
 * Where a page leaves out actions this person's role may not take, one note saying who may take each (the table's
 * refusal, as the API would answer); nothing for those who may take them all.
 */
export function NotAllowed({ actions, className }: { actions: readonly Permission[]; className?: string }) {
  const role = useAtomValue(userAtom)?.role;
  const refused = actions.filter((action) => !may(role, action));
  if (refused.length === 0) return null;
  return (
    <Banner tone="info" className={className}>
      {refused.map((action) => (
        <span key={action} data-refused={action} style={{ display: 'block' }}>
          {PERMISSIONS[action].refusal}
        </span>
      ))}
    </Banner>
  );
}
