import type { PublicBranding } from '@showback/contract';
import { m } from '../messages/index.ts';

/** The account's logo and business name at the top of every step; the product's mark until the request loaded. */
export function BrandMark({ branding }: { branding: PublicBranding | undefined }) {
  if (!branding) {
    return (
      <span className="brand" aria-label={m.appName}>
        <span className="brand-mark" aria-hidden="true" />
        {m.productName}
      </span>
    );
  }
  return (
    <span className="brand" data-testid="brand">
      {branding.logo && <img className="brand-logo" src={branding.logo.url} width={branding.logo.width} height={branding.logo.height} alt="" />}
      <span className="brand-name">{branding.name}</span>
    </span>
  );
}
