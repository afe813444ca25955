import type { AdminChatDetail, AdminChatList, AdminChatQuery, ChatMessage, ChatState, ChatUnread } from '@showback/contract';
import { api } from '../../app/api.ts';

export const getChat = () => api.get<ChatState>('chat');
export const getChatUnread = () => api.get<ChatUnread>('chat/unread');
export const sendChatMessage = (body: string) => api.post<ChatMessage>('chat/messages', { body });
export const markChatRead = (upToId: number) => api.post<null>('chat/read', { up_to_id: upToId });

export const listChats = (query: AdminChatQuery) => api.get<AdminChatList>('admin/chats', { query: { ...query } });
export const getStaffChat = (id: string) => api.get<AdminChatDetail>(`admin/chats/${encodeURIComponent(id)}`);
export const sendStaffMessage = (id: string, body: string) => api.post<ChatMessage>(`admin/chats/${encodeURIComponent(id)}/messages`, { body });
export const markStaffRead = (id: string, upToId: number) => api.post<null>(`admin/chats/${encodeURIComponent(id)}/read`, { up_to_id: upToId });

/** `messages` with `message` added once, in id order (a message may arrive by the stream and by the POST answer). */
export function withMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (messages.some((m) => m.id === message.id)) return messages;
  return [...messages, message].sort((a, b) => a.id - b.id);
}
