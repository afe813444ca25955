import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminChatDetailSchema, AdminChatListSchema, AdminChatQuerySchema, ChatMessageBodySchema, ChatMessageSchema, ChatReadBodySchema, ChatStateSchema, ChatUnreadSchema, ErrorBodySchema } from '@showback/contract';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { requireSysadminHidden } from '../admin/admin-guard.ts';
import { ChatHub } from './chat-hub.ts';
import * as service from './chat.service.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
/** Proxies drop a connection silent for a minute or so; a comment line every 25 s keeps the stream open. */
const HEARTBEAT_MS = 25_000;
const StreamDescription = 'Server-Sent Events (text/event-stream; send Accept: text/event-stream): `message` (ChatMessage), `read` (ChatRead), `resync` (reload the state).';

/**
 * Streams chat events to one browser tab until it goes away. EventSource sends `Accept: text/event-stream`; a request
 * without it is refused, so clients that wait for a response to end (scripts, crawlers) are not left hanging.
 */
async function openEventStream(hub: ChatHub, request: FastifyRequest, reply: FastifyReply, userId: string | null): Promise<void> {
  if (!(request.headers.accept ?? '').includes('text/event-stream')) throw new AppError('BAD_REQUEST', 'This is an event stream: request it with Accept: text/event-stream.');
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no', Connection: 'keep-alive' });
  raw.write('retry: 3000\n\n');
  let ended = false;
  let unsubscribe = (): void => {};
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    raw.end();
  };
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  request.raw.on('close', end);
  unsubscribe = await hub.subscribe({ userId, send: (event, data) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`), end });
  if (ended) unsubscribe();
  // Everything from here on reaches this stream: the client loads the state now and misses nothing.
  else raw.write('event: ready\ndata: {}\n\n');
}

/** /chat for signed-in customers and the staff side of /donkey/chats, with their event streams. */
export const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hub = new ChatHub(app.ctx, app.log);
  app.addHook('preClose', () => hub.close());
  const tags = ['chat'];

  app.get('/api/v1/chat', {
    preValidation: requireUser,
    schema: { tags, summary: 'The signed-in user’s conversation with the Showback team: latest messages and unread count', response: { 200: ChatStateSchema } },
  }, async (request) => service.getState(app.ctx, request.user));

  app.get('/api/v1/chat/unread', {
    preValidation: requireUser,
    schema: { tags, summary: 'How many of the Showback team’s messages the signed-in user has not read (the navigation’s badge)', response: { 200: ChatUnreadSchema } },
  }, async (request) => service.getUnread(app.ctx, request.user));

  app.post('/api/v1/chat/messages', {
    preValidation: requireUser,
    schema: { tags, summary: 'Write to the Showback team', body: ChatMessageBodySchema, response: { 201: ChatMessageSchema, 422: ErrorBodySchema, 429: ErrorBodySchema } },
  }, async (request, reply) => reply.status(201).send(await service.sendAsCustomer(app.ctx, request.user, request.body.body)));

  app.post('/api/v1/chat/read', {
    preValidation: requireUser,
    schema: { tags, summary: 'Mark the team’s messages read up to one of them', body: ChatReadBodySchema, response: { 204: Type.Null(), 404: ErrorBodySchema } },
  }, async (request, reply) => {
    await service.markReadAsCustomer(app.ctx, request.user, request.body.up_to_id);
    return reply.status(204).send(null);
  });

  app.get('/api/v1/chat/events', {
    preValidation: requireUser,
    schema: { tags, summary: 'Live events of the signed-in user’s conversation', description: StreamDescription, response: { 400: ErrorBodySchema } },
  }, async (request, reply) => openEventStream(hub, request, reply, request.user.id));

  const adminTags = ['admin'];
  app.get('/api/v1/admin/chats', {
    onRequest: requireSysadminHidden,
    schema: { tags: adminTags, summary: 'Conversations with customers, latest first', querystring: AdminChatQuerySchema, response: { 200: AdminChatListSchema } },
  }, async (request) => service.listForStaff(app.ctx, request.query));

  app.get('/api/v1/admin/chats/events', {
    onRequest: requireSysadminHidden,
    schema: { tags: adminTags, summary: 'Live events of every conversation', description: StreamDescription, response: { 400: ErrorBodySchema } },
  }, async (request, reply) => openEventStream(hub, request, reply, null));

  app.get('/api/v1/admin/chats/:id', {
    onRequest: requireSysadminHidden,
    schema: { tags: adminTags, params: IdParams, response: { 200: AdminChatDetailSchema, 404: ErrorBodySchema } },
  }, async (request) => service.getForStaff(app.ctx, request.params.id));

  app.post('/api/v1/admin/chats/:id/messages', {
    onRequest: requireSysadminHidden,
    schema: { tags: adminTags, summary: 'Answer a customer; emailed if they have not read it within CHAT_AWAY_EMAIL_SECONDS', params: IdParams, body: ChatMessageBodySchema, response: { 201: ChatMessageSchema, 404: ErrorBodySchema, 422: ErrorBodySchema } },
  }, async (request, reply) => reply.status(201).send(await service.sendAsStaff(app.ctx, request.user, request.params.id, request.body.body)));

  app.post('/api/v1/admin/chats/:id/read', {
    onRequest: requireSysadminHidden,
    schema: { tags: adminTags, params: IdParams, body: ChatReadBodySchema, response: { 204: Type.Null(), 404: ErrorBodySchema } },
  }, async (request, reply) => {
    await service.markReadAsStaff(app.ctx, request.params.id, request.body.up_to_id);
    return reply.status(204).send(null);
  });
};
