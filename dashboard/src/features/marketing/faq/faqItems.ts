import faq from '../../../../content/faq.md';
import { fillPlanTokens } from './fillPlanTokens.ts';

export interface FaqItem {
  id: string;
  question: string;
  answerHtml: string;
  /** Question and answer as plain text, lower-cased, for the search. */
  haystack: string;
}

export const FAQ_ITEMS: FaqItem[] = faq.sections.map((section) => {
  const answerText = fillPlanTokens(section.text);
  return {
    id: section.id,
    question: section.title,
    answerHtml: fillPlanTokens(section.html),
    haystack: `${section.title} ${answerText}`.toLowerCase(),
  };
});

/** Case-insensitive substring match over questions and answers (spec §2 "FAQ"). */
export function filterFaq(items: FaqItem[], query: string): FaqItem[] {
  const needle = query.trim().toLowerCase();
  return needle ? items.filter((item) => item.haystack.includes(needle)) : items;
}
