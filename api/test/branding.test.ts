import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_LIMITS, type Branding, type PublicRecordingRequest } from '@showback/contract';
import { addTeammate, body, signUp, type SignedUp } from './support/auth.ts';
import { createRequest } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } } }).png().toBuffer();

/** A valid 1×1 PNG whose header claims `width` × `height`: decoding it would allocate gigabytes. */
async function pixelBomb(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await png(1, 1));
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(zlib.crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

describe('account branding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const setPlan = (owner: SignedUp, plan: string, trialEndsAt: Date | null = null) =>
    t.app.ctx.db.updateTable('accounts').set({ plan, trial_ends_at: trialEndsAt }).where('id', '=', owner.user.account.id).execute();
  const put = (who: SignedUp, payload: unknown) =>
    fetch(`${t.url}/api/v1/account/branding`, { method: 'PUT', headers: who.headers, body: JSON.stringify(payload) });
  const upload = (who: SignedUp, bytes: Buffer | string, type = 'image/png') =>
    fetch(`${t.url}/api/v1/account/branding/logo`, { method: 'PUT', headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, 'content-type': type }, body: bytes });
  const publicRequest = async (token: string): Promise<PublicRecordingRequest> => body(await fetch(`${t.url}/api/v1/public/requests/${token}`));

  it('an owner sets name, colour and logo; the recorder request carries them and the logo is served as user content', async () => {
    const owner = await signUp(t, { account_name: 'Acme Support' });
    await setPlan(owner, 'scale');
    const request = await createRequest(t.url, owner);
    const before = await publicRequest(request.token);
    expect(before.branding).toEqual({ name: 'Acme Support', logo: null, palette: null, powered_by: true });

    const saved = await put(owner, { business_name: '  Acme Inc. ', brand_color: '#FFD400', hide_powered_by: true });
    expect(saved.status).toBe(200);
    const branding: Branding = await body(saved);
    expect(branding).toMatchObject({ business_name: 'Acme Inc.', default_business_name: 'Acme Support', brand_color: '#ffd400', hide_powered_by: true, can_hide_powered_by: true, can_edit: true });
    // A light yellow: black text on buttons, and a darker shade of it for text on the white card.
    expect(branding.palette).toMatchObject({ color: '#ffd400', on_color: '#000000' });
    expect(branding.palette!.on_color_contrast).toBeGreaterThanOrEqual(4.5);
    expect(branding.palette!.surface_contrast).toBeLessThan(4.5);
    expect(branding.palette!.accent).not.toBe('#ffd400');

    const logo = await png(1200, 300);
    const uploaded = await upload(owner, logo, 'application/octet-stream');
    expect(uploaded.status).toBe(200);
    const withLogo: Branding = await body(uploaded);
    expect(withLogo.logo).toMatchObject({ width: LOGO_LIMITS.storedMaxWidth, height: 160 });

    const seen = await publicRequest(request.token);
    expect(seen.branding).toMatchObject({ name: 'Acme Inc.', powered_by: false, palette: { color: '#ffd400' }, logo: withLogo.logo });
    // Everything a recipient reads names the business, including a retired link's "ask … for a new link".
    expect(seen.account_name).toBe('Acme Inc.');
    const revoke = await fetch(`${t.url}/api/v1/requests/${request.id}/revoke`, { method: 'POST', headers: owner.headers, body: '{}' });
    expect(revoke.status).toBe(200);
    expect(await body(await fetch(`${t.url}/api/v1/public/requests/${request.token}`))).toMatchObject({ code: 'LINK_REVOKED', details: { account_name: 'Acme Inc.' } });
    const newToken: string = (await body(revoke)).token;
    const served = await fetch(`${t.url}${withLogo.logo!.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 640, height: 160 });

    // A new logo gets a new URL and the old file is gone; removing it leaves none.
    const replaced: Branding = await body(await upload(owner, await sharp(logo).jpeg().toBuffer(), 'image/jpeg'));
    expect(replaced.logo!.url).not.toBe(withLogo.logo!.url);
    expect((await fetch(`${t.url}${withLogo.logo!.url}`)).status).toBe(404);
    const removed = await fetch(`${t.url}/api/v1/account/branding/logo`, { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect((await body(removed)).logo).toBeNull();
    expect((await fetch(`${t.url}${replaced.logo!.url}`)).status).toBe(404);

    // Back to the defaults.
    const reset: Branding = await body(await put(owner, { business_name: '', brand_color: null }));
    expect(reset).toMatchObject({ business_name: null, brand_color: null, palette: null });
    expect((await publicRequest(newToken)).branding.name).toBe('Acme Support');
  });

  it('refuses files that are not a small PNG, JPEG or WebP with the one error body', async () => {
    const owner = await signUp(t);
    const expectError = async (res: Response, status: number, code: string) => {
      expect(res.status).toBe(status);
      const json = await body(res);
      expect(json).toMatchObject({ statusCode: status, code });
      expect(typeof json.message).toBe('string');
      return json;
    };
    await expectError(await upload(owner, 'just some text, not an image', 'image/png'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';
    const svgError = await expectError(await upload(owner, svg, 'image/svg+xml'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(svgError.message).toMatch(/SVG/);
    // The same SVG claiming to be a PNG is refused by its content.
    await expectError(await upload(owner, svg, 'image/png'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    await expectError(await upload(owner, gif, 'image/gif'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    await expectError(await upload(owner, Buffer.alloc(LOGO_LIMITS.maxBytes + 1, 1)), 413, 'PAYLOAD_TOO_LARGE');
    const bomb = await expectError(await upload(owner, await pixelBomb(60_000, 60_000)), 422, 'VALIDATION_FAILED');
    expect(bomb.errors.logo[0]).toMatch(/4096/);
    await expectError(await upload(owner, Buffer.alloc(0)), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await body(await fetch(`${t.url}/api/v1/account/branding`, { headers: owner.headers }))).logo).toBeNull();
    // A WebP at the largest dimensions is fine.
    const webp = await sharp({ create: { width: 4096, height: 64, channels: 3, background: '#123456' } }).webp().toBuffer();
    expect((await upload(owner, webp, 'image/webp')).status).toBe(200);
  });

  it('refuses a bad colour and a too-long name with field errors', async () => {
    const owner = await signUp(t);
    for (const brand_color of ['red', '#fff', '#12345g', 'javascript:alert(1)']) {
      const res = await put(owner, { brand_color });
      expect(res.status).toBe(422);
      expect(await body(res)).toMatchObject({ code: 'VALIDATION_FAILED', errors: { brand_color: expect.any(Array) } });
    }
    const long = await put(owner, { business_name: 'x'.repeat(101) });
    expect(await body(long)).toMatchObject({ code: 'VALIDATION_FAILED', errors: { business_name: expect.any(Array) } });
  });

  it('free accounts keep "Powered by"; the trial may hide it, and a downgrade shows it again', async () => {
    const owner = await signUp(t);
    await setPlan(owner, 'free');
    const refused = await put(owner, { hide_powered_by: true });
    expect(refused.status).toBe(402);
    expect(await body(refused)).toMatchObject({ code: 'PLAN_REQUIRED', statusCode: 402 });
    expect((await body(await fetch(`${t.url}/api/v1/account/branding`, { headers: owner.headers }))).can_hide_powered_by).toBe(false);

    await setPlan(owner, 'free', new Date(Date.now() + 86_400_000));
    expect((await put(owner, { hide_powered_by: true })).status).toBe(200);
    const request = await createRequest(t.url, owner);
    expect((await publicRequest(request.token)).branding.powered_by).toBe(false);
    await setPlan(owner, 'free');
    expect((await publicRequest(request.token)).branding.powered_by).toBe(true);
  });

  it('admins change the branding; members read it but may not change it; guests get 401', async () => {
    const owner = await signUp(t);
    const admin = await addTeammate(t, owner, 'admin');
    expect(await body(await put(admin, { brand_color: '#0b5cad' }))).toMatchObject({ brand_color: '#0b5cad', can_edit: true });
    const member = await addTeammate(t, owner);
    expect(await body(await fetch(`${t.url}/api/v1/account/branding`, { headers: member.headers }))).toMatchObject({ can_edit: false });
    const res = await put(member, { brand_color: '#000000' });
    expect(res.status).toBe(403);
    expect(await body(res)).toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });
    expect((await upload(member, await png(10, 10))).status).toBe(403);
    expect((await fetch(`${t.url}/api/v1/account/branding`)).status).toBe(401);
    expect((await fetch(`${t.url}/api/v1/public/branding/logos/00000000-0000-0000-0000-000000000000.png`)).status).toBe(404);
  });
});
