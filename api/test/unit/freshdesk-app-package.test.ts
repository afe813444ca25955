import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `fdk validate` needs the Freshworks CLI (a global install with its own Node version) and is not part of the suite.
 * This checks the package against Freshworks' documented rules for platform 3.0 instead ("App manifest": modules and
 * their placeholders; "Request method": templates declared in the manifest, iparams they use) and what the app needs.
 */
const APP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../freshdesk-app');
const read = (file: string): string => fs.readFileSync(path.join(APP, file), 'utf8');
const json = <T>(file: string): T => JSON.parse(read(file)) as T;

interface Manifest {
  'platform-version': string;
  modules: Record<string, { location?: Record<string, { url: string; icon: string }>; requests?: Record<string, object> }>;
  engines: { node: string; fdk: string };
}

describe('freshdesk-app package', () => {
  const manifest = json<Manifest>('manifest.json');
  const templates = json<Record<string, { schema: { method: string; host: string; path: string; headers?: Record<string, string> } }>>('config/requests.json');
  const iparams = json<Record<string, { type: string; secure?: boolean; required?: boolean }>>('config/iparams.json');

  it('is a platform 3.0 app in the ticket sidebar and the reply editor, whose pages and icons exist', () => {
    expect(manifest['platform-version']).toBe('3.0');
    expect(Object.keys(manifest.modules).sort()).toEqual(['common', 'support_ticket']);
    const locations = manifest.modules.support_ticket!.location!;
    expect(Object.keys(locations).sort()).toEqual(['ticket_conversation_editor', 'ticket_sidebar']);
    for (const { url, icon } of Object.values(locations)) {
      expect(fs.existsSync(path.join(APP, 'app', url))).toBe(true);
      expect(fs.existsSync(path.join(APP, 'app', icon))).toBe(true);
    }
    expect(manifest.engines.node).toMatch(/^\d+\.\d+\.\d+$/);
    expect(read('app/index.html')).toContain('<script src="{{{appclient}}}"></script>');
    expect(() => new vm.Script(read('app/scripts/app.js'))).not.toThrow();
  });

  it('declares every request template, whose placeholders are installation parameters or the call context', () => {
    expect(Object.keys(manifest.modules.common!.requests!).sort()).toEqual(Object.keys(templates).sort());
    for (const { schema } of Object.values(templates)) {
      const text = JSON.stringify(schema);
      for (const [, scope, name] of text.matchAll(/<%=\s*(\w+)\.(\w+)\s*%>/g)) {
        expect(scope === 'context' || (scope === 'iparam' && name! in iparams), `${scope}.${name}`).toBe(true);
      }
      expect(schema.path).toMatch(/^\/api\/v1\/integrations\/freshdesk\/tickets\/<%= context\.ticket_id %>\/(requests|recordings\/<%= context\.submission_id %>\/issues)$/);
    }
    // The token is a secure parameter: Freshworks keeps it and sends it only through the proxy.
    expect(iparams.showback_app_token).toMatchObject({ type: 'text', secure: true, required: true });
    expect(read('app/scripts/app.js')).not.toContain('showback_app_token');
  });
});
