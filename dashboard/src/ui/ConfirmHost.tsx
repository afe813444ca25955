import { useAtom } from 'jotai';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { confirmAtom } from './confirmAtom.ts';

/** Shows the question asked through useConfirm; the caller runs the action (and reports its outcome) once answered. */
export function ConfirmHost() {
  const [pending, setPending] = useAtom(confirmAtom);
  const close = () => {
    pending?.answer(false);
    setPending(undefined);
  };
  return (
    <ConfirmDialog
      open={pending !== undefined}
      title={pending?.title ?? ''}
      text={pending?.text ?? ''}
      confirmLabel={pending?.confirmLabel ?? ''}
      tone={pending?.tone}
      // A promise answers once: the `false` of the close that follows a confirmation changes nothing.
      onConfirm={async () => pending?.answer(true)}
      onClose={close}
      errorText={String}
    />
  );
}
