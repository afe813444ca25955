import { useId, useRef, useState } from 'react';
import { useTypedBeforeHydration } from '../../../app/useTypedBeforeHydration.ts';
import { t } from '../../../messages/t.ts';
import styles from '../marketing.module.css';
import { FAQ_ITEMS, filterFaq } from './faqItems.ts';
import { HtmlContent } from '../content/HtmlContent.tsx';
import '../../../messages/en/marketing.ts';

/** Searchable FAQ; panels are independent <details>, so several can be open at once. */
export function FaqList({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const faqRef = useRef<HTMLDivElement>(null);
  useTypedBeforeHydration(faqRef, (name, value) => {
    if (name === 'q' && typeof value === 'string') setQuery(value);
  });
  const items = filterFaq(FAQ_ITEMS, query);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <div className={styles.faq} ref={faqRef}>
      <label htmlFor={searchId} className="visually-hidden">{t('marketing.faq.searchLabel')}</label>
      <input
        id={searchId}
        type="search"
        name="q"
        className={styles.faqSearch}
        placeholder={t('marketing.faq.searchPlaceholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <p className="visually-hidden" role="status">{t('marketing.faq.count', { count: items.length, total: FAQ_ITEMS.length })}</p>
      {items.length === 0 ? (
        <div className={styles.faqEmpty} data-testid="faq-empty">
          <p>
            {t('marketing.faq.noMatch')} "<strong>{query.trim()}</strong>"
          </p>
          <p>{t('marketing.faq.noMatchHint')}</p>
        </div>
      ) : (
        <div className={styles.faqItems}>
          {items.map((item) => (
            <details key={item.id} className={styles.faqItem} id={`faq-${item.id}`}>
              <summary>
                <Heading className={styles.faqQuestion}>{item.question}</Heading>
              </summary>
              <HtmlContent html={item.answerHtml} className={styles.faqAnswer} />
            </details>
          ))}
        </div>
      )}
    </div>
  );
}
