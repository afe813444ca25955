import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';

/**
 * `zcli apps:validate` zips the app and POSTs it to a Zendesk account (`/api/v2/apps/validate`, signed in): it cannot
 * run offline or in CI. This checks the package against Zendesk's documented rules instead ("Manifest reference",
 * "Setting the app location", "Defining installation settings", "App requirements" for the logos and the editor icon).
 */
const APP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../zendesk-app');
const read = (file: string): string => fs.readFileSync(path.join(APP, file), 'utf8');

const LOCATION_OPTIONS = Type.Object(
  {
    url: Type.String({ minLength: 1 }),
    flexible: Type.Optional(Type.Boolean()),
    autoLoad: Type.Optional(Type.Boolean()),
    autoHide: Type.Optional(Type.Boolean()),
    signed: Type.Optional(Type.Boolean()),
    size: Type.Optional(Type.Object({ width: Type.String(), height: Type.String() })),
  },
  { additionalProperties: false },
);
const SUPPORT_LOCATIONS = ['ticket_sidebar', 'new_ticket_sidebar', 'ticket_editor', 'user_sidebar', 'organization_sidebar', 'nav_bar', 'top_bar', 'background', 'modal'];
const PARAMETER_TYPES = ['text', 'password', 'checkbox', 'url', 'number', 'multiline', 'hidden', 'oauth'];

const MANIFEST = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    author: Type.Object({ name: Type.String({ minLength: 1 }), email: Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$' }), url: Type.Optional(Type.String({ pattern: '^https://' })) }, { additionalProperties: false }),
    defaultLocale: Type.String({ pattern: '^[a-z]{2}(-[a-z]{2})?$' }),
    private: Type.Boolean(),
    location: Type.Object({ support: Type.Object(Object.fromEntries(SUPPORT_LOCATIONS.map((l) => [l, Type.Optional(Type.Union([Type.String(), LOCATION_OPTIONS]))])), { additionalProperties: false }) }, { additionalProperties: false }),
    parameters: Type.Array(
      Type.Object(
        {
          name: Type.String({ pattern: '^[a-z][a-z0-9_]*$' }),
          type: Type.Union(PARAMETER_TYPES.map((t) => Type.Literal(t))),
          required: Type.Optional(Type.Boolean()),
          secure: Type.Optional(Type.Boolean()),
          default: Type.Optional(Type.Union([Type.String(), Type.Boolean(), Type.Number()])),
        },
        { additionalProperties: false },
      ),
    ),
    version: Type.String({ pattern: '^\\d+\\.\\d+(\\.\\d+)?$' }),
    frameworkVersion: Type.Literal('2.0'),
  },
  { additionalProperties: false },
);

type Manifest = {
  defaultLocale: string;
  location: { support: Record<string, string | { url: string }> };
  parameters: { name: string }[];
};

function pngSize(file: string): [number, number] {
  const bytes = fs.readFileSync(path.join(APP, file));
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('the Zendesk app package (zendesk-app/)', () => {
  const manifest = JSON.parse(read('manifest.json')) as Manifest;

  it('has a manifest Zendesk accepts: documented keys and locations, framework 2.0, the Showback address as a setting', () => {
    expect([...Value.Errors(MANIFEST, manifest)].map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
    expect(Object.keys(manifest.location.support).sort()).toEqual(['ticket_editor', 'ticket_sidebar']);
    expect(manifest.parameters.map((p) => p.name)).toEqual(['showback_url']);
  });

  it('ships every file its locations and pages name, the logos at their sizes and the editor toolbar icon', () => {
    for (const location of Object.values(manifest.location.support)) {
      const page = typeof location === 'string' ? location : location.url;
      expect(fs.existsSync(path.join(APP, page)), page).toBe(true);
      const html = read(page);
      // The ZAF SDK as Zendesk apps load it: Zendesk's CDN, major version 2.0.
      expect(html).toContain('<script src="https://static.zdassets.com/zendesk_app_framework_sdk/2.0/zaf_sdk.min.js"></script>');
      for (const [, ref] of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
        if (!/^https:\/\//.test(ref!)) expect(fs.existsSync(path.join(APP, path.dirname(page), ref!)), ref).toBe(true);
      }
    }
    expect(pngSize('assets/logo.png')).toEqual([320, 320]);
    expect(pngSize('assets/logo-small.png')).toEqual([128, 128]);
    expect(read('assets/icon_ticket_editor.svg')).toMatch(/^<svg[^>]+xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // The script is served as is (no build): it must parse as a classic script.
    expect(() => new vm.Script(read('assets/app.js'), { filename: 'app.js' })).not.toThrow();
  });

  it('has the texts Zendesk shows for the default locale: name, descriptions, installation notes, each setting’s label', () => {
    const texts = JSON.parse(read(`translations/${manifest.defaultLocale}.json`)) as { app: Record<string, unknown> & { parameters: Record<string, { label?: string }> } };
    for (const key of ['name', 'short_description', 'long_description', 'installation_instructions']) expect(texts.app[key], key).toEqual(expect.any(String));
    for (const parameter of manifest.parameters) expect(texts.app.parameters[parameter.name]?.label, parameter.name).toEqual(expect.any(String));
  });
});
