import type { DetailedError, Upload } from 'tus-js-client';
import { SpoolSource } from './SpoolSource.ts';
import type { Spool } from './spool.ts';

export type UploadState = 'uploading' | 'reconnecting' | 'complete' | 'failed';

export interface UploadStatus {
  state: UploadState;
  /** Bytes the server has confirmed. */
  confirmedBytes: number;
  /** Bytes sent so far, including the request in flight (for the progress bar). */
  sentBytes: number;
  /** Known once the recording is finished (deferred length until then). */
  totalBytes: number | null;
  /** Error code from the API body (e.g. LINK_REVOKED, PAYLOAD_TOO_LARGE) when the server refused the upload. */
  errorCode?: string;
  errorMessage?: string;
  /** When the next automatic attempt starts, while reconnecting. */
  retryAt?: number;
  /**
   * Set while requests go out and neither answer nor fail (a proxy or network that black-holes them): when the server
   * last answered. The upload keeps trying, resuming from the server's offset; cleared by the next answer.
   */
  stalledSince?: number;
}

export type UploadInput =
  | { kind: 'spool'; spool: Spool; recordingId: string; uploadUrl?: string }
  | { kind: 'file'; file: File };

export interface UploadOptions {
  endpoint: string;
  token: string;
  filename: string;
  filetype: string;
  input: UploadInput;
  onStatus(status: UploadStatus): void;
  onUploadUrl?(url: string): void;
}

// tus retries short blips itself; past these the controller keeps trying with its own backoff for as long as the
// page is open, because the recording must never be dropped.
const TUS_RETRY_DELAYS = [0, 500, 1000, 2000, 3000, 5000, 8000, 13000];
const OUTER_BACKOFF_MS = [2000, 4000, 8000, 15000];
export const CHUNK_SIZE = 5 * 1024 * 1024;
/**
 * A request out for this long with no answer and no byte moving is taken for lost: the customer is told, and the
 * request is dropped and sent again on a fresh connection (a black-holed one never ends on its own). Long enough for
 * a 5 MB chunk on a slow uplink, since bytes moving count as activity.
 */
export const STALL_MS = 20_000;
/** Once stalled, a request that does not answer this soon is sent again, so the upload goes on soon after the network does. */
const STALLED_RETRY_MS = 5000;
const STALL_CHECK_MS = 1000;

/** Statuses that mean "try again later"; everything else 4xx is final and shown with its code. */
export function isRetryable(status: number, online: boolean): boolean {
  if (!online || status === 0) return true;
  return status >= 500 || status === 408 || status === 409 || status === 423 || status === 429;
}

function parseErrorBody(body: string | undefined): { code?: string; message?: string } {
  if (!body) return {};
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
    return { code: typeof parsed.code === 'string' ? parsed.code : undefined, message: typeof parsed.message === 'string' ? parsed.message : undefined };
  } catch {
    return { message: body.slice(0, 200) };
  }
}

/** The last path segment of a tus upload URL, which the submission refers to. */
export const uploadIdOf = (url: string): string => new URL(url, window.location.href).pathname.split('/').filter(Boolean).pop() ?? '';

/**
 * tus-js-client (with url-parse and js-base64, ~10 KB gzip) is fetched when the first upload starts, with the
 * recording, not before the first step paints (issue #17). A failed fetch (network cut) is forgotten, so the retry
 * that handleError schedules fetches it again.
 */
let tus: Promise<typeof import('tus-js-client')> | undefined;
const loadTus = () =>
  (tus ??= import('tus-js-client').catch((err: unknown) => {
    tus = undefined;
    throw err;
  }));

export class UploadController {
  private upload: Upload | undefined;
  private status: UploadStatus;
  private attempt = 0;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private url: string | undefined;
  /** A tus request is out and has not answered yet. */
  private requestOut = false;
  /** When a request last went out, answered or moved a byte. */
  private lastActivity = 0;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private resolveDone!: (url: string) => void;
  private rejectDone!: (err: Error) => void;
  readonly done: Promise<string>;

  constructor(private readonly options: UploadOptions) {
    this.url = options.input.kind === 'spool' ? options.input.uploadUrl : undefined;
    this.status = { state: 'uploading', confirmedBytes: 0, sentBytes: 0, totalBytes: options.input.kind === 'file' ? options.input.file.size : null };
    this.done = new Promise((resolve, reject) => {
      this.resolveDone = resolve;
      this.rejectDone = reject;
    });
    // Callers await `done` when they need it; an unobserved rejection is not an error here.
    this.done.catch(() => undefined);
  }

  get uploadUrl(): string | undefined {
    return this.url;
  }

  getStatus(): UploadStatus {
    return this.status;
  }

  start(): void {
    if (this.stopped) return;
    this.watch();
    void loadTus().then(({ Upload }) => this.begin(Upload), (err: Error) => this.handleError(err));
  }

  private begin(Upload: typeof import('tus-js-client').Upload): void {
    if (this.stopped) return;
    const { input } = this.options;
    const common = {
      endpoint: this.options.endpoint,
      uploadUrl: this.url,
      chunkSize: CHUNK_SIZE,
      retryDelays: TUS_RETRY_DELAYS,
      metadata: { token: this.options.token, filename: this.options.filename, filetype: this.options.filetype },
      removeFingerprintOnSuccess: true,
      onBeforeRequest: () => {
        this.requestOut = true;
        this.lastActivity = Date.now();
      },
      onAfterResponse: () => {
        this.requestOut = false;
        this.lastActivity = Date.now();
        if (this.status.stalledSince !== undefined) this.set({ stalledSince: undefined });
      },
      onProgress: (sent: number, total: number | null) => {
        this.lastActivity = Date.now();
        this.set({ sentBytes: sent, totalBytes: total ?? this.status.totalBytes });
      },
      onChunkComplete: (_size: number, accepted: number, total: number | null) => {
        this.attempt = 0;
        this.set({ state: 'uploading', confirmedBytes: accepted, totalBytes: total ?? this.status.totalBytes, retryAt: undefined });
      },
      onUploadUrlAvailable: () => {
        const url = this.upload?.url ?? undefined;
        if (url && url !== this.url) {
          this.url = url;
          this.options.onUploadUrl?.(url);
        }
      },
      onShouldRetry: (err: DetailedError) => {
        // It failed, so it is not hanging: tus's own wait before the next try is not a stall.
        this.requestOut = false;
        const status = err.originalResponse?.getStatus() ?? 0;
        const retry = isRetryable(status, navigator.onLine);
        if (retry) this.set({ state: 'reconnecting' });
        return retry;
      },
      onSuccess: () => {
        this.settle();
        const url = this.upload?.url ?? this.url;
        this.set({ state: 'complete', confirmedBytes: this.status.totalBytes ?? this.status.sentBytes, retryAt: undefined });
        if (url) this.resolveDone(url);
        else this.rejectDone(new Error('the upload finished without a URL'));
      },
      onError: (err: Error) => this.handleError(err),
    };
    if (input.kind === 'spool') {
      const source = new SpoolSource(input.spool, input.recordingId);
      this.upload = new Upload(new Blob(), {
        ...common,
        uploadLengthDeferred: true,
        storeFingerprintForResuming: false,
        fileReader: { openFile: async () => source as never },
      });
    } else {
      this.upload = new Upload(input.file, { ...common, storeFingerprintForResuming: true });
      if (!this.url) {
        void this.upload.findPreviousUploads().then((previous) => {
          if (previous[0] && this.upload) this.upload.resumeFromPreviousUpload(previous[0]);
          this.upload?.start();
        });
        return;
      }
    }
    this.upload.start();
  }

  /** Stop uploading (re-record, leave). With `terminate`, also ask the server to drop what it received. */
  async abort(terminate = false): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.settle();
    await this.upload?.abort(false).catch(() => undefined);
    if (terminate && this.url) await (await loadTus()).Upload.terminate(this.url, { retryDelays: [] }).catch(() => undefined);
    this.rejectDone(new Error('upload aborted'));
  }

  /** Reconnecting or stalled: try at once (the browser is back online, or the customer asked). */
  private readonly retryNow = (): void => {
    if (this.stopped || (this.status.state !== 'reconnecting' && this.status.stalledSince === undefined)) return;
    this.set({ retryAt: undefined });
    this.restart();
  };

  /** Drops the request in flight and starts again from the server's offset (tus asks it with HEAD first). */
  private restart(): void {
    clearTimeout(this.retryTimer);
    this.requestOut = false;
    this.lastActivity = Date.now();
    void this.upload?.abort(false).catch(() => undefined).then(() => this.start());
  }

  private readonly checkStall = (): void => {
    const patience = this.status.stalledSince === undefined ? STALL_MS : STALLED_RETRY_MS;
    if (this.stopped || !this.requestOut || Date.now() - this.lastActivity < patience) return;
    this.set({ stalledSince: this.status.stalledSince ?? this.lastActivity });
    this.restart();
  };

  /** While the upload runs: back online retries at once, and a request that hangs is noticed. */
  private watch(): void {
    if (this.watchdog !== undefined) return;
    this.watchdog = setInterval(this.checkStall, STALL_CHECK_MS);
    window.addEventListener('online', this.retryNow);
  }

  /** Nothing more to watch or retry: the upload finished, failed for good or was aborted. */
  private settle(): void {
    clearInterval(this.watchdog);
    this.watchdog = undefined;
    window.removeEventListener('online', this.retryNow);
  }

  private handleError(err: Error): void {
    if (this.stopped) return;
    this.requestOut = false;
    const detailed = err as DetailedError;
    const status = detailed.originalResponse?.getStatus() ?? 0;
    if (isRetryable(status, navigator.onLine)) {
      const delay = OUTER_BACKOFF_MS[Math.min(this.attempt++, OUTER_BACKOFF_MS.length - 1)]!;
      this.set({ state: 'reconnecting', retryAt: Date.now() + delay });
      this.retryTimer = setTimeout(() => this.start(), delay);
      return;
    }
    const body = parseErrorBody(detailed.originalResponse?.getBody());
    this.set({ state: 'failed', errorCode: body.code ?? `HTTP_${status}`, errorMessage: body.message ?? err.message, stalledSince: undefined });
    this.settle();
    this.rejectDone(Object.assign(new Error(body.message ?? err.message), { code: body.code }));
  }

  private set(patch: Partial<UploadStatus>): void {
    this.status = { ...this.status, ...patch };
    this.options.onStatus(this.status);
  }
}
