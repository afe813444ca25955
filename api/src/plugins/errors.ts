import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody, ErrorCode, FieldErrors } from '@showback/contract';
import { AppError } from '../errors.ts';

function fieldOf(error: { instancePath?: string; params?: Record<string, unknown> }): string {
  const missing = error.params?.missingProperty;
  if (typeof missing === 'string') return missing;
  const extra = error.params?.additionalProperty;
  if (typeof extra === 'string') return extra;
  return (error.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'body';
}

function humanise(error: { keyword?: string; message?: string; params?: Record<string, unknown> }): string {
  switch (error.keyword) {
    case 'required': return "can't be blank";
    case 'minLength': if (error.params?.limit === 1) return "can't be blank"; return `is too short (minimum is ${String(error.params?.limit)} characters)`;
    case 'maxLength': return `is too long (maximum is ${String(error.params?.limit)} characters)`;
    case 'format': case 'pattern': return 'is invalid';
    case 'type': return `must be ${String(error.params?.type)}`;
    case 'enum': return `must be one of ${(error.params?.allowedValues as unknown[] | undefined)?.join(', ') ?? 'the allowed values'}`;
    case 'additionalProperties': return 'is not allowed';
    default: return error.message ?? 'is invalid';
  }
}

function body(statusCode: number, code: string, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { statusCode, code, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extra };
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs. A path whose percent-encoding
 * is not UTF-8 (`/api/v1/requests/%ff`) and a path parameter over the router's length limit.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send(body(414, 'URI_TOO_LONG', 'A part of this address is too long.'));
  } else if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send(body(400, 'BAD_REQUEST', 'This address is not valid: its percent-encoding is not UTF-8.'));
  } else {
    request.log.error({ err: error }, 'router error');
    reply.status(500).send(body(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'));
  }
}

/**
 * The server's `clientError`: Node's HTTP parser refused the bytes before Fastify saw a request (a malformed request
 * line or header, URL and headers over 16 KB, a client too slow to send them). Answered on the socket in the one body.
 */
export function clientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'HEADERS_TOO_LARGE', 'The address or the headers of this request are too large.']
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.']
    : [400, 'BAD_REQUEST', 'The request could not be read: it is not valid HTTP.'];
  const json = JSON.stringify(body(status, code, message));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`);
  }
  socket.destroy(error);
}

/** One JSON error body for every failure; 5xx bodies never carry internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      // A coded 5xx is a condition the code expected (billing not configured, a provider down): a warning. Error level
      // is kept for what an operator must look at: INTERNAL and every error nobody anticipated (below).
      if (err.code === 'INTERNAL') request.log.error({ err }, 'request failed');
      else if (err.statusCode >= 500) request.log.warn({ err }, 'request failed');
      const extra: Partial<ErrorBody> = {};
      if (err.details !== undefined) extra.details = err.details;
      if (err.fieldErrors) extra.errors = err.fieldErrors;
      reply.headers(err.headers);
      return reply.status(err.statusCode).send(body(err.statusCode, err.code, err.message, extra));
    }
    const fastifyError = err as FastifyError;
    if (fastifyError.validation) {
      const errors: FieldErrors = {};
      // A nullable field (`string | null`) that fails as a string also fails "must be null" and the anyOf around
      // both; only the string's reason helps the person filling the form.
      const noise = (item: { keyword?: string; params?: Record<string, unknown> }) =>
        item.keyword === 'anyOf' || (item.keyword === 'type' && item.params?.type === 'null');
      const byField = new Map<string, typeof fastifyError.validation>();
      for (const item of fastifyError.validation) {
        const field = fieldOf(item as never);
        byField.set(field, [...(byField.get(field) ?? []), item]);
      }
      for (const [field, items] of byField) {
        const useful = items.filter((item) => !noise(item as never));
        // A union of literals (`144 | 288`) fails each branch's `const`: one "must be one of" says it, as for an enum.
        const constants = useful.filter((item) => item.keyword === 'const');
        if (constants.length > 1 && constants.length === useful.length) {
          (errors[field] ??= []).push(humanise({ keyword: 'enum', params: { allowedValues: constants.map((item) => item.params?.allowedValue) } }));
          continue;
        }
        for (const item of useful.length ? useful : items) {
          const message = humanise(item as never);
          if (!errors[field]?.includes(message)) (errors[field] ??= []).push(message);
        }
      }
      return reply.status(422).send(body(422, 'VALIDATION_FAILED', 'Some fields are not valid', { errors }));
    }
    const status = fastifyError.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body(429, 'RATE_LIMITED', 'Too many requests. Please wait a moment and try again.'));
    if (status === 413 || fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send(body(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'));
    if (status === 415 || fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send(body(415, 'UNSUPPORTED_MEDIA_TYPE', 'This content type is not supported.'));
    if (status >= 400 && status < 500) {
      const message = fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'The request body is not valid JSON.'
        : fastifyError.message;
      return reply.status(status).send(body(status, 'BAD_REQUEST', message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body(404, 'NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
});
