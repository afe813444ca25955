import { useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { useToast } from '../../ui/useToast.ts';
import { getAlertPreferences, setAlertPreferences } from './alertsApi.ts';
import '../../messages/en/integrationsApp.ts';

/** The signed-in person's "New recording" email switch; shown on /my/account and on the Email card of /my/integrations. */
export function NewRecordingEmailToggle() {
  const [wanted, setWanted] = useState<boolean | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  useEffect(() => {
    let live = true;
    getAlertPreferences().then((prefs) => live && setWanted(prefs.new_recording_email), () => live && setWanted(false));
    return () => {
      live = false;
    };
  }, []);

  const change = async (next: boolean) => {
    setBusy(true);
    setWanted(next);
    try {
      await setAlertPreferences({ new_recording_email: next });
      toast.show({ tone: 'success', message: t('integrationsApp.emailSaved') });
    } catch {
      // Reverts locally when saving fails, as the spec's other toggles do.
      setWanted(!next);
      toast.show({ tone: 'error', message: t('integrationsApp.emailFailed') });
    } finally {
      setBusy(false);
    }
  };

  return <Checkbox label={t('integrationsApp.emailToggle')} checked={wanted ?? false} disabled={wanted === undefined || busy} onChange={(e) => void change(e.target.checked)} />;
}
