import { m } from '../messages/index.ts';

export function PoweredBy() {
  return (
    <p className="powered-by">
      {m.poweredBy} <span className="powered-by-name">{m.productName}</span>
    </p>
  );
}
