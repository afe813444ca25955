import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const sdk = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// `npx tsc -b` must have run (the typecheck step does) so the declarations the report is made from are current.
describe('public API report', () => {
  it('matches the committed sdk/etc/showback.api.md (run `npm run build -w sdk` and commit the report after an API change)', () => {
    const config = ExtractorConfig.loadFileAndPrepare(path.join(sdk, 'api-extractor.json'));
    const result = Extractor.invoke(config, { localBuild: false, showVerboseMessages: false, messageCallback: (m) => { m.handled = true; } });
    expect(result.apiReportChanged, 'the public API changed: update sdk/etc/showback.api.md').toBe(false);
    expect(result.errorCount).toBe(0);
  }, 60_000);
});
