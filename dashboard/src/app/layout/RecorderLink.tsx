import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';
import { fullBrowserPath } from '../paths.ts';
import '../../messages/en/titles.ts';
import '../../messages/en/common.ts';

/**
 * /r/<token> belongs to the recorder app, which the server serves on a full page load. A link followed inside
 * the dashboard loads that page; if the server answered /r/… with the dashboard itself, say so instead of looping.
 */
export function RecorderLink() {
  const location = useLocation();
  const arrivedByNavigation = location.key !== 'default';
  useEffect(() => {
    if (arrivedByNavigation) window.location.assign(fullBrowserPath(location));
  }, [arrivedByNavigation, location]);
  if (arrivedByNavigation) return null;
  return <PlaceholderPage title={t('titles.recorder')} text={t('common.recorderLink')} />;
}
