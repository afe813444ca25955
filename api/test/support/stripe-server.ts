import http from 'node:http';
import qs from 'qs';
import Stripe from 'stripe';
import { addInterval } from '../../src/modules/billing/add-interval.ts';
import { BILLING_INTERVALS, PLANS, planPrice, type BillingInterval, type PlanId } from '@showback/contract';

/**
 * A local stand-in for the parts of Stripe's REST API Showback uses, so the real `stripe` SDK can be exercised
 * without any call leaving the machine. It keeps state (customers, prices, checkout sessions, subscriptions with
 * items and periods, schedules, invoices), computes prorations the way Stripe describes them (unused time on the
 * old price credited, remaining time on the new one charged, both to the second), answers with Stripe's JSON
 * objects and error bodies, and delivers events signed with Stripe's real scheme (`t=…,v1=…`).
 *
 * Written by hand because no maintained Stripe emulator speaks the 2026 API version the SDK pins (stripe-mock
 * serves fixtures without state, so a checkout could never turn into a subscription).
 *
 * Time is a clock of its own (`clock`, `advance()`): periods, prorations and renewals follow it, while webhook
 * signatures use real time because the receiver checks them against its own clock.
 */

// Stripe's objects are free-form JSON in this server; the SDK on the other side holds the typed shapes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Params = Record<string, any>;

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: null };
  data: { object: Obj; previous_attributes?: Obj };
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  status: number;
  body: string;
}

export interface StripeServer {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Seconds since the epoch on the server's clock. */
  clock: number;
  customers: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  schedules: Map<string, Obj>;
  invoices: Map<string, Obj>;
  sessions: Map<string, Obj>;
  prices: Map<string, Obj>;
  events: StripeEvent[];
  deliveries: WebhookDelivery[];
  /** Every API call the SDK made: method, path and decoded parameters. */
  requests: Array<{ method: string; path: string; params: Params }>;
  /** Where events are POSTed; unset: events are only recorded. */
  webhookUrl: string | undefined;
  /** Deliver each event as it happens (default) or only when a test calls deliver(). */
  autoDeliver: boolean;
  priceId(plan: PlanId, interval: BillingInterval): string;
  /** Pays an open checkout session: creates the subscription and emits the events Stripe emits. */
  completeCheckout(sessionId: string): Promise<Obj>;
  /** Moves the clock forward, renewing, applying schedules and ending cancelled subscriptions on the way. */
  advance(seconds: number): Promise<void>;
  /** What the customer portal's cancel button does. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Renewals and immediate charges of this customer fail from now on (card declined). */
  declinePayments(customerId: string): void;
  deliver(event: StripeEvent, options?: { secret?: string; signature?: string }): Promise<WebhookDelivery>;
  /** Waits until every queued automatic delivery has been answered. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const DAY = 86_400;

class StripeFailure extends Error {
  constructor(readonly status: number, readonly body: Obj) {
    super(String(body.message));
  }
}

const missing = (kind: string, id: string): StripeFailure =>
  new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: 'id' });
const invalid = (message: string, param?: string): StripeFailure =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

function list(data: Obj[], url: string): Obj {
  return { object: 'list', data, has_more: false, url };
}

function fmtDate(seconds: number): string {
  return new Date(seconds * 1000).toUTCString().slice(5, 16);
}

export async function startStripeServer(options: { secretKey?: string; webhookSecret?: string; webhookUrl?: string } = {}): Promise<StripeServer> {
  const secretKey = options.secretKey ?? `sk_test_${Math.random().toString(36).slice(2)}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${Math.random().toString(36).slice(2)}`;
  const signer = new Stripe(secretKey);
  let counter = 0;
  const newId = (prefix: string): string => `${prefix}_${Date.now().toString(36)}${(++counter).toString(36).padStart(4, '0')}${Math.random().toString(36).slice(2, 8)}`;

  const customers = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const schedules = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const portalSessions = new Map<string, Obj>();
  const declined = new Set<string>();
  const events: StripeEvent[] = [];
  const deliveries: WebhookDelivery[] = [];
  const requests: StripeServer['requests'] = [];
  let queue: Promise<unknown> = Promise.resolve();

  const state = {
    clock: Math.floor(Date.now() / 1000),
    webhookUrl: options.webhookUrl as string | undefined,
    autoDeliver: true,
  };

  for (const plan of Object.values(PLANS)) {
    if (!plan.checkout) continue;
    for (const interval of BILLING_INTERVALS) {
      const id = `price_${plan.id}_${interval}`;
      prices.set(id, {
        id, object: 'price', active: true, currency: 'usd', livemode: false, created: state.clock, type: 'recurring',
        lookup_key: `${plan.id}_${interval}`, product: `prod_${plan.id}`, nickname: `${plan.name} ${interval}`,
        unit_amount: (planPrice(plan, interval) ?? 0) * 100,
        recurring: { interval: interval === 'annual' ? 'year' : 'month', interval_count: 1, usage_type: 'licensed' },
        metadata: {},
      });
    }
  }

  const getPrice = (id: unknown): Obj => {
    const price = prices.get(String(id));
    if (!price) throw missing('price', String(id));
    return price;
  };
  const getSubscription = (id: string): Obj => {
    const sub = subscriptions.get(id);
    if (!sub) throw missing('subscription', id);
    return sub;
  };
  const snapshot = <T>(value: T): T => structuredClone(value);

  function emit(type: string, object: Obj, previous?: Obj): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'), object: 'event', type, created: state.clock, api_version: Stripe.API_VERSION, livemode: false,
      pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object: snapshot(object) },
    };
    if (previous) event.data.previous_attributes = previous;
    events.push(event);
    if (state.autoDeliver && state.webhookUrl) {
      queue = queue.then(() => deliver(event)).catch(() => undefined);
    }
    return event;
  }

  async function deliver(event: StripeEvent, opts: { secret?: string; signature?: string } = {}): Promise<WebhookDelivery> {
    if (!state.webhookUrl) throw new Error('stripe-server: no webhookUrl to deliver to');
    const payload = JSON.stringify(event);
    const signature = opts.signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? webhookSecret });
    const res = await fetch(state.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
    });
    const delivery = { eventId: event.id, type: event.type, status: res.status, body: await res.text() };
    deliveries.push(delivery);
    return delivery;
  }

  function period(sub: Obj): { start: number; end: number } {
    const item = sub.items.data[0];
    return { start: item.current_period_start, end: item.current_period_end };
  }

  function line(sub: Obj, price: Obj, amount: number, description: string, start: number, end: number, proration: boolean): Obj {
    return {
      id: newId('il'), object: 'line_item', amount, currency: price.currency, description, livemode: false, metadata: {},
      discountable: !proration, discounts: [], discount_amounts: [], invoice: null, quantity: 1,
      period: { start, end },
      pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(price.unit_amount) },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { proration, subscription: sub.id, subscription_item: sub.items.data[0].id, invoice_item: null, proration_details: { credited_items: null } },
      },
    };
  }

  function invoiceFrom(sub: Obj, lines: Obj[], reason: string, draft: boolean): Obj {
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    const amountDue = Math.max(total, 0);
    const id = draft ? `upcoming_${newId('in')}` : newId('in');
    const invoice = {
      id, object: 'invoice', customer: sub.customer, currency: 'usd', livemode: false, created: state.clock,
      billing_reason: reason, collection_method: 'charge_automatically',
      status: draft ? 'draft' : 'paid', subtotal: total, total, amount_due: amountDue, amount_paid: draft ? 0 : amountDue,
      amount_remaining: draft ? amountDue : 0, starting_balance: 0, ending_balance: total < 0 ? total : 0,
      period_start: lines[0]?.period.start ?? state.clock, period_end: lines[0]?.period.end ?? state.clock,
      next_payment_attempt: draft ? state.clock : null,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: list(lines.map((l) => ({ ...l, invoice: draft ? null : id })), `/v1/invoices/${id}/lines`),
    };
    return invoice;
  }

  function charge(sub: Obj, invoice: Obj): Obj {
    invoice.status = 'paid';
    if (declined.has(sub.customer) && invoice.amount_due > 0) {
      invoice.status = 'open';
      invoice.amount_paid = 0;
      invoice.amount_remaining = invoice.amount_due;
      invoice.attempt_count = 1;
    }
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** Prorations of moving `sub` to `newPrice` at `at`, Stripe's way (to the second). */
  function prorationLines(sub: Obj, newPrice: Obj, at: number): { lines: Obj[]; resetsAnchor: boolean } {
    const oldPrice = sub.items.data[0].price;
    const { start, end } = period(sub);
    const length = end - start;
    const remaining = Math.max(0, end - at);
    const resetsAnchor = oldPrice.recurring.interval !== newPrice.recurring.interval;
    const credit = -Math.round((oldPrice.unit_amount * remaining) / length);
    const lines = [line(sub, oldPrice, credit, `Unused time on ${oldPrice.nickname} after ${fmtDate(at)}`, at, end, true)];
    if (resetsAnchor) {
      const newEnd = addInterval(at, newPrice.recurring.interval);
      lines.push(line(sub, newPrice, newPrice.unit_amount, `1 × ${newPrice.nickname} (from ${fmtDate(at)})`, at, newEnd, false));
    } else {
      const debit = Math.round((newPrice.unit_amount * remaining) / length);
      lines.push(line(sub, newPrice, debit, `Remaining time on ${newPrice.nickname} after ${fmtDate(at)}`, at, end, true));
    }
    return { lines, resetsAnchor };
  }

  function setPrice(sub: Obj, price: Obj, periodStart?: number): void {
    const item = sub.items.data[0];
    item.price = snapshot(price);
    if (periodStart !== undefined) {
      item.current_period_start = periodStart;
      item.current_period_end = addInterval(periodStart, price.recurring.interval);
      sub.billing_cycle_anchor = periodStart;
    }
  }

  function newSubscription(customer: string, price: Obj, metadata: Obj): Obj {
    const id = newId('sub');
    const sub = {
      id, object: 'subscription', customer, status: 'active', livemode: false, currency: 'usd', metadata: metadata ?? {},
      created: state.clock, start_date: state.clock, billing_cycle_anchor: state.clock, cancel_at_period_end: false,
      cancel_at: null, canceled_at: null, ended_at: null, schedule: null, latest_invoice: null, trial_end: null,
      collection_method: 'charge_automatically', pending_update: null,
      items: list([{
        id: newId('si'), object: 'subscription_item', subscription: id, quantity: 1, created: state.clock, metadata: {},
        price: snapshot(price), current_period_start: state.clock, current_period_end: addInterval(state.clock, price.recurring.interval),
      }], `/v1/subscription_items?subscription=${id}`),
    };
    subscriptions.set(id, sub);
    return sub;
  }

  function endSubscription(sub: Obj): void {
    sub.status = 'canceled';
    sub.ended_at = state.clock;
    sub.canceled_at ??= state.clock;
    if (sub.schedule) {
      const schedule = schedules.get(sub.schedule);
      if (schedule) schedule.status = 'canceled';
      sub.schedule = null;
    }
    emit('customer.subscription.deleted', sub);
  }

  /** One renewal at the end of the current period: schedules switch phase here, cancellations end here. */
  function renew(sub: Obj): void {
    const { end } = period(sub);
    if (sub.cancel_at_period_end) {
      endSubscription(sub);
      return;
    }
    const previousPrice = sub.items.data[0].price.id;
    let price = getPrice(previousPrice);
    const schedule = sub.schedule ? schedules.get(sub.schedule) : undefined;
    if (schedule) {
      const next = schedule.phases.find((p: Obj) => p.start_date === end);
      if (next) {
        price = getPrice(next.items[0].price);
        schedule.current_phase = { start_date: next.start_date, end_date: next.end_date };
        if (next === schedule.phases[schedule.phases.length - 1] && schedule.end_behavior === 'release') {
          schedule.status = 'released';
          schedule.released_at = state.clock;
          schedule.released_subscription = sub.id;
          sub.schedule = null;
        }
      }
    }
    setPrice(sub, price, end);
    const invoice = charge(sub, invoiceFrom(sub, [line(sub, price, price.unit_amount, `1 × ${price.nickname}`, end, period(sub).end, false)], 'subscription_cycle', false));
    sub.latest_invoice = invoice.id;
    if (invoice.status === 'paid') {
      sub.status = 'active';
      emit('invoice.paid', invoice);
    } else {
      sub.status = 'past_due';
      emit('invoice.payment_failed', invoice);
    }
    emit('customer.subscription.updated', sub, { items: { data: [{ price: { id: previousPrice } }] } });
  }

  async function advance(seconds: number): Promise<void> {
    const target = state.clock + seconds;
    for (;;) {
      const due = [...subscriptions.values()]
        .filter((s) => s.status !== 'canceled' && period(s).end <= target)
        .sort((a, b) => period(a).end - period(b).end)[0];
      if (!due) break;
      state.clock = Math.max(state.clock, period(due).end);
      renew(due);
    }
    state.clock = target;
    await queue;
  }

  // ---- REST handlers -------------------------------------------------------------------------------------

  function createCustomer(p: Params): Obj {
    const customer = { id: newId('cus'), object: 'customer', email: p.email ?? null, name: p.name ?? null, metadata: p.metadata ?? {}, created: state.clock, livemode: false, invoice_settings: { default_payment_method: null } };
    customers.set(customer.id, customer);
    emit('customer.created', customer);
    return customer;
  }

  function createSession(p: Params, origin: string): Obj {
    if (p.mode !== 'subscription') throw invalid('Only subscription mode is supported by this test server', 'mode');
    if (!p.success_url) throw invalid('Missing required param: success_url.', 'success_url');
    if (p.customer && !customers.has(p.customer)) throw missing('customer', p.customer);
    const items = (p.line_items ?? []) as Obj[];
    if (items.length !== 1) throw invalid('line_items must hold exactly one price', 'line_items');
    getPrice(items[0]?.price);
    const id = `cs_test_${newId('a').slice(2)}`;
    const session = {
      id, object: 'checkout.session', mode: 'subscription', status: 'open', payment_status: 'unpaid', livemode: false,
      customer: p.customer ?? null, customer_email: p.customer_email ?? null, client_reference_id: p.client_reference_id ?? null,
      success_url: p.success_url, cancel_url: p.cancel_url ?? null, metadata: p.metadata ?? {}, subscription: null,
      created: state.clock, expires_at: state.clock + DAY, url: `${origin}/pay/${id}`,
      line_items_input: items.map((i) => ({ price: i.price, quantity: Number(i.quantity ?? 1) })),
      subscription_data: p.subscription_data ?? {},
    };
    sessions.set(id, session);
    return session;
  }

  function publicSession(session: Obj): Obj {
    const { line_items_input: _items, subscription_data: _data, ...rest } = session;
    return rest;
  }

  async function completeCheckout(sessionId: string): Promise<Obj> {
    const session = sessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    if (session.status !== 'open') throw invalid(`Checkout session ${sessionId} is ${session.status}`);
    const customer: string = (session.customer as string | null) ?? createCustomer({ email: session.customer_email }).id;
    const sub = newSubscription(customer, getPrice(session.line_items_input[0].price), session.subscription_data.metadata ?? {});
    const price = sub.items.data[0].price;
    const invoice = charge(sub, invoiceFrom(sub, [line(sub, price, price.unit_amount, `1 × ${price.nickname}`, period(sub).start, period(sub).end, false)], 'subscription_create', false));
    sub.latest_invoice = invoice.id;
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer, subscription: sub.id });
    emit('customer.subscription.created', sub);
    emit('invoice.paid', invoice);
    emit('checkout.session.completed', publicSession(session));
    await queue;
    return session;
  }

  function updateSubscription(sub: Obj, p: Params): Obj {
    if (sub.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    const previous: Obj = {};
    if (p.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
      sub.cancel_at = sub.cancel_at_period_end ? period(sub).end : null;
      sub.canceled_at = sub.cancel_at_period_end ? state.clock : null;
    }
    if (p.metadata) sub.metadata = { ...sub.metadata, ...p.metadata };
    const items = (p.items ?? []) as Obj[];
    if (items.length > 0) {
      if (sub.schedule) throw invalid(`The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`);
      const item = items[0]!;
      if (item.id !== sub.items.data[0].id) throw invalid(`Invalid subscription_item id: ${String(item.id)}`, 'items[0][id]');
      const price = getPrice(item.price);
      const behavior = p.proration_behavior ?? 'create_prorations';
      const at = p.proration_date ? Number(p.proration_date) : state.clock;
      previous.items = { data: [{ price: { id: sub.items.data[0].price.id } }] };
      const { lines, resetsAnchor } = prorationLines(sub, price, at);
      if (behavior === 'always_invoice' || resetsAnchor) {
        const invoice = invoiceFrom(sub, behavior === 'none' ? lines.filter((l) => !l.parent.subscription_item_details.proration) : lines, 'subscription_update', false);
        charge(sub, invoice);
        if (invoice.status !== 'paid' && p.payment_behavior === 'error_if_incomplete') {
          invoices.delete(invoice.id);
          throw new StripeFailure(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
        }
        sub.latest_invoice = invoice.id;
        emit(invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice);
      }
      setPrice(sub, price, resetsAnchor ? at : undefined);
    }
    emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  function previewInvoice(p: Params): Obj {
    const sub = getSubscription(String(p.subscription));
    if (p.customer && p.customer !== sub.customer) throw invalid('The subscription does not belong to this customer', 'customer');
    const details = (p.subscription_details ?? {}) as Obj;
    const item = (details.items as Obj[] | undefined)?.[0];
    const behavior = details.proration_behavior ?? 'create_prorations';
    const { end } = period(sub);
    if (!item) {
      const price = sub.items.data[0].price;
      return invoiceFrom(sub, [line(sub, price, price.unit_amount, `1 × ${price.nickname}`, end, addInterval(end, price.recurring.interval), false)], 'upcoming', true);
    }
    if (item.id !== sub.items.data[0].id) throw invalid(`Invalid subscription_item id: ${String(item.id)}`, 'subscription_details[items][0][id]');
    const price = getPrice(item.price);
    const at = details.proration_date ? Number(details.proration_date) : state.clock;
    if (at < period(sub).start || at > end) throw invalid('proration_date must be within the current period', 'subscription_details[proration_date]');
    const { lines, resetsAnchor } = prorationLines(sub, price, at);
    if (behavior === 'always_invoice' || resetsAnchor) return invoiceFrom(sub, lines, 'subscription_update', true);
    const next = line(sub, price, price.unit_amount, `1 × ${price.nickname}`, end, addInterval(end, price.recurring.interval), false);
    return invoiceFrom(sub, behavior === 'none' ? [next] : [...lines, next], 'upcoming', true);
  }

  function createSchedule(p: Params): Obj {
    const sub = getSubscription(String(p.from_subscription));
    if (sub.schedule) throw invalid(`You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`, 'from_subscription');
    const { start, end } = period(sub);
    const schedule = {
      id: newId('sub_sched'), object: 'subscription_schedule', customer: sub.customer, subscription: sub.id, status: 'active',
      end_behavior: 'release', created: state.clock, livemode: false, metadata: {}, released_at: null, released_subscription: null,
      current_phase: { start_date: start, end_date: end },
      phases: [{ start_date: start, end_date: end, items: [{ price: sub.items.data[0].price.id, quantity: 1 }], proration_behavior: 'create_prorations' }],
    };
    schedules.set(schedule.id, schedule);
    sub.schedule = schedule.id;
    return schedule;
  }

  function updateSchedule(schedule: Obj, p: Params): Obj {
    if (schedule.status !== 'active' && schedule.status !== 'not_started') throw invalid(`You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`);
    if (p.end_behavior) schedule.end_behavior = p.end_behavior;
    if (p.metadata) schedule.metadata = { ...schedule.metadata, ...p.metadata };
    if (p.phases) {
      const phases: Obj[] = [];
      let cursor = Number((p.phases as Obj[])[0]?.start_date ?? schedule.current_phase.start_date);
      for (const [i, raw] of (p.phases as Obj[]).entries()) {
        const items = (raw.items ?? []) as Obj[];
        if (items.length === 0) throw invalid('Each phase needs items', `phases[${i}][items]`);
        const price = getPrice(items[0]!.price);
        const start = raw.start_date ? Number(raw.start_date) : cursor;
        let endDate: number;
        if (raw.end_date) endDate = Number(raw.end_date);
        else if (raw.duration) endDate = addInterval(start, raw.duration.interval, Number(raw.duration.interval_count ?? 1));
        else endDate = addInterval(start, price.recurring.interval);
        if (endDate <= start) throw invalid('Phase end_date must be after its start_date', `phases[${i}][end_date]`);
        phases.push({ start_date: start, end_date: endDate, items: [{ price: price.id, quantity: Number(items[0]!.quantity ?? 1) }], proration_behavior: raw.proration_behavior ?? 'create_prorations' });
        cursor = endDate;
      }
      if (phases[0]!.start_date !== schedule.current_phase.start_date) throw invalid('You can not modify the start date of the current phase.', 'phases[0][start_date]');
      schedule.phases = phases;
    }
    emit('subscription_schedule.updated', schedule);
    return schedule;
  }

  function releaseSchedule(schedule: Obj): Obj {
    if (schedule.status !== 'active') throw invalid(`You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status.`);
    schedule.status = 'released';
    schedule.released_at = state.clock;
    schedule.released_subscription = schedule.subscription;
    const sub = subscriptions.get(schedule.subscription);
    if (sub) sub.schedule = null;
    emit('subscription_schedule.released', schedule);
    return schedule;
  }

  function route(method: string, path: string, p: Params, origin: string): Obj {
    const parts = path.split('/').filter(Boolean).slice(1);
    const [a, b, c] = parts;
    if (method === 'GET' && a === 'prices' && !b) {
      let data = [...prices.values()];
      if (p.lookup_keys) data = data.filter((price) => (p.lookup_keys as string[]).includes(price.lookup_key));
      if (p.active !== undefined) data = data.filter((price) => String(price.active) === String(p.active));
      return list(data, '/v1/prices');
    }
    if (method === 'GET' && a === 'prices' && b) return getPrice(b);
    if (a === 'customers') {
      if (method === 'POST' && !b) return createCustomer(p);
      const customer = customers.get(String(b));
      if (!customer) throw missing('customer', String(b));
      if (method === 'GET') return customer;
      if (method === 'POST') return Object.assign(customer, { email: p.email ?? customer.email, name: p.name ?? customer.name, metadata: { ...customer.metadata, ...p.metadata } });
    }
    if (a === 'checkout' && b === 'sessions') {
      if (method === 'POST' && !c) return publicSession(createSession(p, origin));
      const session = sessions.get(String(c));
      if (!session) throw missing('checkout.session', String(c));
      if (method === 'GET') return publicSession(session);
    }
    if (a === 'billing_portal' && b === 'sessions' && method === 'POST') {
      if (!customers.has(p.customer)) throw missing('customer', String(p.customer));
      const id = newId('bps');
      const portal = { id, object: 'billing_portal.session', customer: p.customer, return_url: p.return_url ?? null, created: state.clock, livemode: false, url: `${origin}/portal/${id}` };
      portalSessions.set(id, portal);
      return portal;
    }
    if (a === 'subscriptions') {
      if (method === 'GET' && !b) {
        const data = [...subscriptions.values()].filter((s) => !p.customer || s.customer === p.customer).filter((s) => p.status === 'all' || s.status !== 'canceled');
        return list(data, '/v1/subscriptions');
      }
      const sub = getSubscription(String(b));
      if (method === 'GET') return sub;
      if (method === 'POST') return updateSubscription(sub, p);
      if (method === 'DELETE') {
        if (sub.status !== 'canceled') endSubscription(sub);
        return sub;
      }
    }
    if (a === 'invoices' && b === 'create_preview' && method === 'POST') return previewInvoice(p);
    if (a === 'invoices' && b && method === 'GET') {
      const invoice = invoices.get(b);
      if (!invoice) throw missing('invoice', b);
      return invoice;
    }
    if (a === 'subscription_schedules') {
      if (method === 'POST' && !b) return createSchedule(p);
      const schedule = schedules.get(String(b));
      if (!schedule) throw missing('subscription_schedule', String(b));
      if (method === 'GET') return schedule;
      if (method === 'POST' && c === 'release') return releaseSchedule(schedule);
      if (method === 'POST' && !c) return updateSchedule(schedule, p);
    }
    throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  // ---- hosted pages (checkout and portal), for browser scenarios -------------------------------------------

  const page = (title: string, body: string): string =>
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><style>body{font:16px system-ui;max-width:520px;margin:48px auto;padding:0 16px}button{font:inherit;padding:10px 18px}</style></head><body><h1>${title}</h1>${body}</body></html>`;

  async function hosted(req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<boolean> {
    const pay = /^\/pay\/([\w-]+)$/.exec(path);
    if (pay) {
      const session = sessions.get(pay[1]!);
      if (!session) return false;
      if (req.method === 'POST') {
        if (session.status === 'open') await completeCheckout(session.id);
        res.writeHead(303, { location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id) }).end();
        return true;
      }
      const price = getPrice(session.line_items_input[0].price);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page('Test checkout',
        `<p>${price.nickname}: $${(price.unit_amount / 100).toFixed(2)}</p><form method="post"><button type="submit">Pay and subscribe</button></form>`));
      return true;
    }
    const portal = /^\/portal\/([\w-]+)(\/cancel)?$/.exec(path);
    if (portal) {
      const session = portalSessions.get(portal[1]!);
      if (!session) return false;
      const sub = [...subscriptions.values()].find((s) => s.customer === session.customer && s.status !== 'canceled');
      if (req.method === 'POST' && portal[2] && sub) {
        updateSubscription(sub, { cancel_at_period_end: 'true' });
        await queue;
        res.writeHead(303, { location: `/portal/${session.id}` }).end();
        return true;
      }
      const text = sub ? `<p>Current plan: ${sub.items.data[0].price.nickname}${sub.cancel_at_period_end ? ' (cancels at period end)' : ''}</p><form method="post" action="/portal/${session.id}/cancel"><button>Cancel plan</button></form>` : '<p>No active subscription.</p>';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page('Test billing portal', `${text}<p><a href="${session.return_url ?? '/'}">Return</a></p>`));
      return true;
    }
    return false;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
        const send = (status: number, body: Obj): void => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${newId('r')}`, 'stripe-version': Stripe.API_VERSION });
          res.end(JSON.stringify(body));
        };
        try {
          if (!url.pathname.startsWith('/v1/')) {
            if (await hosted(req, res, url.pathname)) return;
            send(404, { error: { type: 'invalid_request_error', message: 'Not found' } });
            return;
          }
          if (req.headers.authorization !== `Bearer ${secretKey}`) {
            send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } });
            return;
          }
          const raw = req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
          const params = qs.parse(raw, { arrayLimit: 100, depth: 10 }) as Params;
          requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
          send(200, route(req.method ?? 'GET', url.pathname, params, origin));
        } catch (error) {
          if (error instanceof StripeFailure) send(error.status, { error: error.body });
          else send(500, { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } });
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url, secretKey, webhookSecret, customers, subscriptions, schedules, invoices, sessions, prices, events, deliveries, requests,
    get clock() { return state.clock; },
    set clock(value: number) { state.clock = value; },
    get webhookUrl() { return state.webhookUrl; },
    set webhookUrl(value: string | undefined) { state.webhookUrl = value; },
    get autoDeliver() { return state.autoDeliver; },
    set autoDeliver(value: boolean) { state.autoDeliver = value; },
    priceId: (plan, interval) => getPrice(`price_${plan}_${interval}`).id,
    completeCheckout,
    advance,
    cancelAtPeriodEnd: async (id) => {
      updateSubscription(getSubscription(id), { cancel_at_period_end: 'true' });
      await queue;
    },
    declinePayments: (customerId) => void declined.add(customerId),
    deliver,
    flush: async () => {
      let seen: Promise<unknown>;
      do {
        seen = queue;
        await seen;
      } while (seen !== queue);
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
