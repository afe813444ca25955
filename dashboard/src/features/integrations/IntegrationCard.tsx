import type { ReactNode } from 'react';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Card } from '../../ui/Card.tsx';
import type { CardState } from './cardState.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

interface IntegrationCardProps {
  /** `data-integration`, by which the page and its tests find the card. */
  id: string;
  name: string;
  state: CardState;
  /** What the integration does, said while it is not connected. */
  description?: ReactNode;
  /** The last failure, the server's message when it sent one. */
  error?: string;
  /** The card's main buttons, full width at its foot, so the buttons of a row line up. */
  actions?: ReactNode;
  /** Takes the whole row (a connected helpdesk's sync log is a table). */
  wide?: boolean;
  children?: ReactNode;
}

/**
 * The frame every card on /my/integrations shares: name and status badge, error banner, description, content and
 * main buttons. It renders at once, before the status comes (a placeholder badge, the buttons disabled by the card),
 * so the cards keep their place while they load.
 */
export function IntegrationCard({ id, name, state, description, error, actions, wide = false, children }: IntegrationCardProps) {
  return (
    <Card className={wide ? `${styles.card} ${styles.wide}` : styles.card} data-integration={id}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{name}</h2>
        <span className={`${styles.badge} ${styles[state]}`}>{t(`integrationsApp.card.badge.${state}`)}</span>
      </div>
      {error && <Banner tone="error">{error}</Banner>}
      {description && <p className={styles.muted}>{description}</p>}
      {children}
      {actions && <div className={styles.foot}>{actions}</div>}
    </Card>
  );
}
