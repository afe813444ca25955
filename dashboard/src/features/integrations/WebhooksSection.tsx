import { ALERT_EVENT_TYPES, WEBHOOK_LIMITS, type AlertEventType, type WebhookEndpoint } from '@showback/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useSaveAction } from '../account/useSaveAction.ts';
import { createEndpoint, eventName, listEndpoints } from './alertsApi.ts';
import { WebhookEndpointItem } from './WebhookEndpointItem.tsx';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

const FIELDS = ['url', 'description', 'events'] as const;

/** Webhooks on /my/integrations: add an endpoint, then per endpoint its secret, test, pause, delete and delivery log. */
export function WebhooksSection() {
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | undefined>(undefined);
  const [loadFailed, setLoadFailed] = useState(false);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<AlertEventType[]>([...ALERT_EVENT_TYPES]);
  const save = useSaveAction(FIELDS, t('integrationsApp.webhooks.addFailed'));

  useEffect(() => {
    listEndpoints().then(setEndpoints, () => setLoadFailed(true));
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(async () => {
      const created = await createEndpoint({ url: url.trim(), ...(description.trim() ? { description: description.trim() } : {}), events });
      setEndpoints((list) => [...(list ?? []), created]);
      setUrl('');
      setDescription('');
    });
  };
  const toggleEvent = (type: AlertEventType, on: boolean) => setEvents((list) => (on ? ALERT_EVENT_TYPES.filter((e) => e === type || list.includes(e)) : list.filter((e) => e !== type)));
  const replace = (next: WebhookEndpoint) => setEndpoints((list) => list?.map((e) => (e.id === next.id ? next : e)));
  const remove = (id: string) => setEndpoints((list) => list?.filter((e) => e.id !== id));

  return (
    <Card className={styles.section} aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading" className={styles.heading}>{t('integrationsApp.webhooks.heading')}</h2>
      <p className={styles.intro}>{t('integrationsApp.webhooks.intro')}</p>
      {loadFailed && <Banner tone="error">{t('integrationsApp.webhooks.loadFailed')}</Banner>}
      {endpoints?.length === 0 && <p className={styles.muted}>{t('integrationsApp.webhooks.empty')}</p>}
      <ul className={styles.endpoints}>
        {endpoints?.map((endpoint) => (
          <WebhookEndpointItem key={endpoint.id} endpoint={endpoint} onChange={replace} onDelete={remove} />
        ))}
      </ul>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('integrationsApp.webhooks.add')}>
        {save.failure.form && <Banner tone="error">{save.failure.form}</Banner>}
        <TextField label={t('integrationsApp.webhooks.url')} hint={t('integrationsApp.webhooks.urlHint')} name="url" type="url" inputMode="url" placeholder="https://" maxLength={WEBHOOK_LIMITS.maxUrlLength} required value={url} onChange={(e) => setUrl(e.target.value)} error={save.failure.fields.url} />
        <TextField label={t('integrationsApp.webhooks.description')} name="description" maxLength={WEBHOOK_LIMITS.maxDescriptionLength} value={description} onChange={(e) => setDescription(e.target.value)} error={save.failure.fields.description} />
        <fieldset className={styles.events}>
          <legend>{t('integrationsApp.webhooks.events')}</legend>
          {ALERT_EVENT_TYPES.map((type) => (
            <Checkbox key={type} label={t(eventName(type))} checked={events.includes(type)} onChange={(e) => toggleEvent(type, e.target.checked)} />
          ))}
          {save.failure.fields.events && <p className={styles.error} role="alert">{save.failure.fields.events}</p>}
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" busy={save.busy}>{t('integrationsApp.webhooks.add')}</Button>
        </div>
      </form>
    </Card>
  );
}
