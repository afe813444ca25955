import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isBlockedAddress } from '../src/integrations/outbound/blocked-addresses.ts';
import { checkOutboundHost, checkOutboundUrl, OutboundError, outboundRequest, type OutboundRequest } from '../src/integrations/outbound/outbound-http.ts';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';

const strict = { allowLocal: false };
const local = { allowLocal: true };
const post: OutboundRequest = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 2000, maxResponseBytes: 64 };

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe('the SSRF-safe outbound client', () => {
  let receiver: WebhookReceiver;
  let receiverV6: WebhookReceiver;
  let port: string;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    receiverV6 = await startWebhookReceiver('::1');
    port = new URL(receiver.url).port;
  });
  afterAll(async () => {
    await receiver?.close();
    await receiverV6?.close();
  });

  it('never connects to loopback, private, link-local or metadata addresses, however they are written', async () => {
    const v6port = new URL(receiverV6.url).port;
    for (const url of [
      `https://127.0.0.1:${port}/hook`,
      `https://[::1]:${v6port}/hook`,
      `https://[::ffff:127.0.0.1]:${port}/hook`,
      `https://169.254.169.254/latest/meta-data/`,
      `https://10.0.0.8/hook`,
      `https://192.168.1.1/hook`,
      `https://100.100.100.200/hook`,
      `https://[fd00:ec2::254]/hook`,
      `https://2130706433:${port}/hook`,
    ]) {
      const error = await failure(outboundRequest(url, post, strict));
      expect(error.kind, url).toBe('refused');
    }
    expect(receiver.connections() + receiverV6.connections()).toBe(0);
  });

  it('resolves names in the socket lookup and refuses a name that resolves to loopback, before connecting', async () => {
    const error = await failure(outboundRequest(`https://localhost:${port}/hook`, post, strict));
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(/Calls to localhost are not allowed/);
    expect(receiver.connections()).toBe(0);
    // The same check when a URL is saved, as early feedback.
    await expect(checkOutboundHost(new URL(`https://localhost:${port}/`), strict)).rejects.toThrow(/not allowed/);
  });

  it('requires https unless local calls are allowed, and refuses credentials in the URL', () => {
    expect(() => checkOutboundUrl('http://example.com/hook', strict)).toThrow(/must start with https/);
    expect(() => checkOutboundUrl('ftp://example.com/', local)).toThrow(/must start with https/);
    expect(() => checkOutboundUrl('https://user:pw@example.com/', strict)).toThrow(/user name or password/);
    expect(() => checkOutboundUrl('not a url', strict)).toThrow(/not a valid URL/);
    expect(checkOutboundUrl('https://example.com/hook', strict).toString()).toBe('https://example.com/hook');
    expect(checkOutboundUrl(`http://127.0.0.1:${port}/`, local).hostname).toBe('127.0.0.1');
  });

  it('does not follow a redirect: the caller gets the 3xx and the target is never called', async () => {
    const target = await startWebhookReceiver();
    try {
      receiver.answerNext({ status: 302, headers: { location: `${target.url}/internal` } });
      const response = await outboundRequest(`${receiver.url}/hook`, post, local);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe(`${target.url}/internal`);
      expect(target.connections()).toBe(0);
    } finally {
      await target.close();
    }
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    receiver.answerNext({ hang: true });
    const start = receiver.received.length;
    // On a clock of the test's own, so that the machine's load cannot stretch the 300 ms or the test's look at them.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let gaveUp = false;
      const error = failure(outboundRequest(`${receiver.url}/slow`, { ...post, timeoutMs: 300 }, local)).finally(() => (gaveUp = true));
      await receiver.waitFor(start + 1);
      await vi.advanceTimersByTimeAsync(299);
      expect(gaveUp).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      // The destroyed socket reports its error a few event-loop turns later (not faked: no clock involved).
      for (let turn = 0; turn < 10 && !gaveUp; turn++) await new Promise((r) => setImmediate(r));
      expect(gaveUp).toBe(true);
      expect(await error).toMatchObject({ kind: 'timeout', message: 'No answer within 0.3 s.' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the response body only up to the cap', async () => {
    receiver.answerNext({ status: 200, body: 'x'.repeat(100_000) });
    const response = await outboundRequest(`${receiver.url}/big`, post, local);
    expect(response.body.length).toBe(64);
  });

  it('blocks every reserved range and passes public addresses', () => {
    for (const address of ['0.0.0.0', '127.8.9.1', '172.31.255.255', '198.18.0.1', '224.0.0.1', '::', 'fe80::1', 'ff02::1', '64:ff9b::7f00:1', '::ffff:7f00:1', 'nonsense']) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1']) expect(isBlockedAddress(address), address).toBe(false);
  });
});
