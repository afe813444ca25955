import { LRUCache } from 'lru-cache';

/** Which page of an account's unfiltered list: the cache's key. */
export interface ListPageKey {
  accountId: string;
  limit: number;
  offset: number;
}

/** A page as read from the database: its JSON text and the version it shows. */
interface CachedPage {
  /** The account's list_version (migration 0310) when the page was read; null when the account had no submissions yet. */
  version: number | null;
  body: string;
}

/**
 * The recordings list's unfiltered pages as this process last served them, serialized, each with the account's
 * list_version it was read at. A page is served again only while the version, read from the database on that very
 * request, is unchanged: as fresh as reading the page itself, for one row read by primary key instead of fifty rows
 * with their requests and the JSON of each. Every statement that could change a page bumps the version in its own
 * transaction (triggers of migration 0310), so no process needs telling. Bounded by the characters of the pages it
 * keeps; the least recently used go first. `maxChars` 0 keeps nothing.
 */
export class ListPageCache {
  private readonly pages: LRUCache<string, CachedPage> | undefined;
  /** Reads in flight by page and the version their requests found: those requests share one read. */
  private readonly reading = new Map<string, Promise<string>>();

  constructor(maxChars: number) {
    this.pages = maxChars > 0 ? new LRUCache({ maxSize: maxChars, sizeCalculation: (page, key) => page.body.length + key.length }) : undefined;
  }

  /** Whether a page is kept at all: without one, checking the version first would only add a round trip. */
  has(key: ListPageKey): boolean {
    return this.pages?.has(keyOf(key)) ?? false;
  }

  /** The kept page if it was read at `version`. */
  get(key: ListPageKey, version: number | null): string | undefined {
    const page = this.pages?.get(keyOf(key));
    return page && page.version === version ? page.body : undefined;
  }

  set(key: ListPageKey, version: number | null, body: string): void {
    this.pages?.set(keyOf(key), { version, body });
  }

  /**
   * The page: kept at `version` (the account's version as this request found it; undefined when not checked), or read
   * by `read` and kept. Requests that found the same version join one read instead of each making its own: a change to
   * a busy account's list would otherwise send every request waiting on that page to the database at once. A read
   * begun after a request checked the version shows that version or a later one, never an earlier one, so joining it
   * serves nothing older than reading anew; a request that did not check joins nothing.
   */
  serve(key: ListPageKey, version: number | null | undefined, read: () => Promise<CachedPage>): Promise<string> {
    if (version !== undefined) {
      const kept = this.get(key, version);
      if (kept !== undefined) return Promise.resolve(kept);
    }
    const flight = version === undefined ? undefined : `${keyOf(key)}@${version}`;
    const joined = flight === undefined ? undefined : this.reading.get(flight);
    if (joined) return joined;
    const reading = read().then((page) => {
      this.set(key, page.version, page.body);
      return page.body;
    });
    if (flight !== undefined) {
      this.reading.set(flight, reading);
      const landed = () => this.reading.delete(flight);
      reading.then(landed, landed);
    }
    return reading;
  }
}

const keyOf = ({ accountId, limit, offset }: ListPageKey): string => `${accountId}:${limit}:${offset}`;
