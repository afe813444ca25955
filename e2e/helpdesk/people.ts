import { grantSysadmin } from '../auth/session.ts';
import type { Product, SignedUp } from '../support/product.ts';

/** A signed-in customer and, in a browser of their own, a system admin (staff), both onboarded. */
export async function customerAndStaff(product: Product, customer: Parameters<Product['signedUp']>[0] = {}): Promise<{ customer: SignedUp; staff: SignedUp }> {
  const signedUpCustomer = await product.signedUp(customer);
  const staff = await product.signedUp({ name: 'Sam Staff' });
  await grantSysadmin(product.server, staff.user.id);
  return { customer: signedUpCustomer, staff };
}
