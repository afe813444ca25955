import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { chatUnreadAtom } from './chatUnreadAtom.ts';
import { getChatUnread } from './chatApi.ts';

/**
 * The unread count for the navigation's badge, asked again on every page change and whenever the tab comes back
 * into view. Neither a timer nor an event stream: a timer would keep an unattended tab's session from ever idling
 * out, and a stream per tab uses up the six connections a browser allows to one host. /chat itself sets the count
 * live while it is open, so it is not asked there.
 */
export function useChatUnread(pathname: string): number {
  const [count, setCount] = useAtom(chatUnreadAtom);
  useEffect(() => {
    if (pathname === '/chat') return;
    let current = true;
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      // A failed look-up leaves the badge as it was: it is a hint, the page itself says what failed.
      getChatUnread().then((state) => current && setCount(state.unread_count), () => undefined);
    };
    refresh();
    document.addEventListener('visibilitychange', refresh);
    return () => {
      current = false;
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [pathname, setCount]);
  return count;
}
