import type { WidgetSpoolOp } from '@showback/contract';
import type { SpooledRecording, SpoolStore } from '../upload/spool.ts';

/** Sends one spool call to the SDK on the host page and resolves with its answer (rejects on error or timeout). */
export type SpoolCall = (op: WidgetSpoolOp, args: unknown[], transfer?: Transferable[], timeoutMs?: number) => Promise<unknown>;

/** How long the SDK may take to answer that it keeps a spool; an SDK from before the host spool never answers. */
const OPEN_TIMEOUT_MS = 3000;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** A recording row as the host page handed it back: the host is another site, so its shape is checked. */
export function asSpooledRecording(v: unknown): SpooledRecording | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as Record<string, unknown>;
  const ok =
    typeof r.id === 'string' &&
    typeof r.token === 'string' &&
    typeof r.mimeType === 'string' &&
    (r.source === 'link' || r.source === 'widget' || r.source === 'file') &&
    typeof r.finished === 'boolean' &&
    isNumber(r.createdAt) &&
    isNumber(r.updatedAt) &&
    isNumber(r.durationMs) &&
    (r.startedAt === undefined || isNumber(r.startedAt)) &&
    isNumber(r.bytes) &&
    Array.isArray(r.sizes) &&
    r.sizes.every(isNumber) &&
    (r.uploadUrl === undefined || typeof r.uploadUrl === 'string');
  return ok ? (r as unknown as SpooledRecording) : undefined;
}

/**
 * The spool kept in the widget host page's IndexedDB by the SDK (first-party there, so the browser allows it), for
 * a recorder in a cross-site frame that the browser gives no storage. Survives a reload or crash of the host page;
 * the SDK database holds the recordings of every widget session on that site, so a reopened widget finds them.
 */
export class HostSpoolStore implements SpoolStore {
  readonly keeping = 'host';

  private constructor(private readonly call: SpoolCall) {}

  /** Undefined when the host page's SDK has no spool (older SDK) or its storage is refused too. */
  static async open(call: SpoolCall): Promise<HostSpoolStore | undefined> {
    try {
      return (await call('open', [], [], OPEN_TIMEOUT_MS)) === true ? new HostSpoolStore(call) : undefined;
    } catch {
      return undefined;
    }
  }

  close(): void {}

  async add(rec: SpooledRecording): Promise<void> {
    await this.call('add', [rec]);
  }

  async get(id: string): Promise<SpooledRecording | undefined> {
    return asSpooledRecording(await this.call('get', [id]));
  }

  async all(): Promise<SpooledRecording[]> {
    const all = await this.call('all', []);
    return Array.isArray(all) ? all.map(asSpooledRecording).filter((r): r is SpooledRecording => r !== undefined) : [];
  }

  async put(rec: SpooledRecording): Promise<void> {
    await this.call('put', [rec]);
  }

  async putChunk(rec: SpooledRecording, seq: number, data: ArrayBuffer): Promise<void> {
    await this.call('putChunk', [rec, seq, data], [data]);
  }

  async chunks(id: string, first: number, last: number): Promise<ArrayBuffer[]> {
    const rows = await this.call('chunks', [id, first, last]);
    return Array.isArray(rows) ? rows.filter((r): r is ArrayBuffer => r instanceof ArrayBuffer) : [];
  }

  async delete(id: string): Promise<void> {
    await this.call('delete', [id]);
  }
}
