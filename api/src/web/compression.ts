import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Content types compressed on the fly: HTML pages (their meta tags differ per request, so they cannot be compressed at
 * build time) and JSON. Static text assets are compressed once at build time (scripts/precompress.ts) and sent as
 * they are; video, images, downloads, event streams and tus uploads never match.
 */
export const COMPRESSED_TYPES = /^(?:text\/html|application\/(?:[\w.+-]+\+)?json)(?:;|$)/;

/** Brotli (quality 4, @fastify/compress's default for answers made per request) or gzip, from 1 KB up. */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    globalCompression: true,
    // Request bodies are read as sent, as before.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSED_TYPES,
  });
});
