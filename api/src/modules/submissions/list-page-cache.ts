import { LRUCache } from 'lru-cache';

/** Which page of an account's unfiltered list: the cache's key. */
export interface ListPageKey {
  accountId: string;
  limit: number;
  offset: number;
}

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
}

const keyOf = ({ accountId, limit, offset }: ListPageKey): string => `${accountId}:${limit}:${offset}`;
