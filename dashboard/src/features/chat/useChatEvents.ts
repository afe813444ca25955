import type { ChatMessage, ChatRead } from '@showback/contract';
import { useEffect, useRef, useState } from 'react';
import { apiBase } from '../../app/api.ts';

export interface ChatEventHandlers {
  /** The stream is open (again): load the state now; everything after it arrives as events. */
  onReady(): void;
  onMessage(message: ChatMessage): void;
  onRead(read: ChatRead): void;
}

/**
 * Follows a chat event stream (`chat/events` or `admin/chats/events`). EventSource reconnects by itself after a drop
 * (another API process may answer); each reconnection reloads the state through onReady, so nothing is missed.
 */
export function useChatEvents(path: string, handlers: ChatEventHandlers): 'connecting' | 'live' {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [status, setStatus] = useState<'connecting' | 'live'>('connecting');
  useEffect(() => {
    const source = new EventSource(`${apiBase()}/${path}`, { withCredentials: true });
    source.addEventListener('ready', () => {
      setStatus('live');
      latest.current.onReady();
    });
    source.addEventListener('resync', () => latest.current.onReady());
    source.addEventListener('message', (event) => latest.current.onMessage(JSON.parse((event as MessageEvent<string>).data) as ChatMessage));
    source.addEventListener('read', (event) => latest.current.onRead(JSON.parse((event as MessageEvent<string>).data) as ChatRead));
    source.onerror = () => setStatus('connecting');
    return () => source.close();
  }, [path]);
  return status;
}
