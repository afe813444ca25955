import { m } from '../messages/index.ts';

export function PoweredBy() {
  return (
    <footer className="powered-by">
      {m.poweredBy} <span className="powered-by-name">{m.productName}</span>
    </footer>
  );
}
