import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR } from '../auth/session.ts';
import { createRequest, signInOwner, signUpOwner, waitForProcessed, type Owner } from '../recording/owner.ts';
import { useProduct } from '../support/product.ts';
import { makeMp4, submitVideo } from './submitVideo.ts';

// A recipient's file is served from the product's own origin: in the owner's browser a real video plays, even in a tab
// of its own (the sandbox CSP must not break that), and HTML dressed up as a video is only ever saved, never rendered.
describe("recipients' files in the owner's browser", () => {
  const product = useProduct();
  let owner: Owner;
  let token = '';
  let tmp: string;
  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-user-content-'));
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    owner = await signUpOwner(product.server.url);
    token = (await createRequest(owner, { title: 'Files' })).token;
  });
  afterAll(async () => {
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('plays the processed video opened in a tab of its own', async () => {
    const { id } = await submitVideo(product.server.url, token, await makeMp4(tmp, 2));
    expect((await waitForProcessed(owner, id)).status).toBe('ready');
    const page = await product.page();
    await signInOwner(page.context(), owner);
    const response = await page.goto(`/api/v1/submissions/${id}/video`);
    expect(response?.headers()['content-type']).toBe('video/mp4');
    expect(response?.headers()['content-security-policy']).toMatch(/^sandbox allow-same-origin; default-src 'none'/);
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    expect(await page.evaluate(() => document.querySelector('video')!.duration)).toBeGreaterThan(1);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'user-content-video-tab.png') });
  });

  it('refuses HTML labelled video/mp4 at submission, so there is nothing for a browser to render', async () => {
    const html = path.join(tmp, 'clip.mp4');
    await fs.writeFile(html, '<!doctype html><title>rendered</title><script>document.title = "script ran"</script>');
    await expect(submitVideo(product.server.url, token, html)).rejects.toThrow(/create submission answered 422: .*NOT_A_VIDEO/);
  });
});
