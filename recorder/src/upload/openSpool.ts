import type { HostBridge } from '../app/hostBridge.ts';
import { MemorySpoolStore } from './MemorySpoolStore.ts';
import { Spool } from './spool.ts';

/**
 * The best place the environment allows for the recording, in order: this origin's IndexedDB; the widget host
 * page's (a cross-site frame the browser refuses storage); this page's memory. Recording works with each of them;
 * what survives a reload or crash differs (`Spool.keeping`).
 */
export async function openSpool(bridge: HostBridge): Promise<Spool> {
  const device = await Spool.open().catch(() => undefined);
  if (device) return device;
  const host = await bridge.openSpool?.().catch(() => undefined);
  return new Spool(host ?? new MemorySpoolStore());
}
