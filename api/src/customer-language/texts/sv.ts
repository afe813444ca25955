import type { CustomerTexts } from './en.ts';

/** Swedish (du, as Swedish service writing does). */
export const sv: CustomerTexts = {
  reply: {
    askToRecord: (link) => `Kan du visa mig vad som händer? Spela in skärmen här: ${link}`,
  },
  messengerCard: {
    title: 'Kan du visa oss vad som händer?',
    body: 'Spela in skärmen i webbläsaren, utan konto, tillägg eller nedladdning.',
    button: 'Spela in min skärm',
    gone: 'Inspelningslänken är inte längre tillgänglig. Be oss om en ny i den här konversationen.',
  },
  pages: {
    unknownAddress: {
      title: 'Adressen används inte',
      body: (address) => `Inget konto använder ${address} för inspelningslänkar. Kontrollera länken du fick, eller be avsändaren om en ny.`,
    },
    unknownLink: { title: 'Inspelningslänken finns inte', body: 'Kontrollera att du kopierade hela länken.' },
  },
};
