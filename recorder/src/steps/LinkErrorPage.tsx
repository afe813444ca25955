import { m } from '../messages/index.ts';
import { StepHeading } from '../ui/StepHeading.tsx';

type LinkErrorCode = 'LINK_EXPIRED' | 'LINK_REVOKED' | 'NOT_FOUND';

export function LinkErrorPage({ code, accountName }: { code: string; accountName?: string }) {
  const known: LinkErrorCode = code === 'LINK_EXPIRED' || code === 'LINK_REVOKED' ? code : 'NOT_FOUND';
  const text = m.linkError[known];
  return (
    <section className="step" data-step="link-error">
      <StepHeading>{text.title}</StepHeading>
      <p>{text.body(accountName || m.linkError.unknownAccount)}</p>
    </section>
  );
}
