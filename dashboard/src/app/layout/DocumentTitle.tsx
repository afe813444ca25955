import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { t, type MessageKey } from '../../messages/t.ts';
import '../../messages/en/common.ts';
import '../../messages/en/titles.ts';

export interface RouteHandle {
  title?: MessageKey;
}

/** Sets the document title from the deepest route's `handle.title`. */
export function DocumentTitle() {
  const matches = useMatches();
  const key = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;
  useEffect(() => {
    const appName = t('common.appName');
    if (!key?.title || key.title === 'titles.home') document.title = t('titles.home');
    else document.title = `${t(key.title)} · ${appName}`;
  }, [key]);
  return null;
}
