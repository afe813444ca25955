/** Stripe's calendar arithmetic for billing periods: the same day next month/year, clamped to the month's last day. */
export function addInterval(seconds: number, interval: 'month' | 'year', count = 1): number {
  const d = new Date(seconds * 1000);
  const months = interval === 'year' ? 12 * count : count;
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}
