import type { CustomerTexts } from './en.ts';

/** Polish, the recorder's direct address (imperatives such as "Sprawdź", as Polish interfaces write). */
export const pl: CustomerTexts = {
  reply: {
    askToRecord: (link) => `Czy możesz pokazać mi, co się dzieje? Nagraj ekran tutaj: ${link}`,
  },
  messengerCard: {
    title: 'Czy możesz pokazać nam, co się dzieje?',
    body: 'Nagraj ekran w przeglądarce, bez konta, rozszerzeń i pobierania.',
    button: 'Nagraj mój ekran',
    gone: 'Ten link do nagrywania nie jest już dostępny. Poproś nas o nowy w tej rozmowie.',
  },
  pages: {
    unknownAddress: {
      title: 'Ten adres nie jest używany',
      body: (address) => `Żadne konto nie używa adresu ${address} do linków do nagrywania. Sprawdź otrzymany link albo poproś nadawcę o nowy.`,
    },
    unknownLink: { title: 'Ten link do nagrywania nie istnieje', body: 'Sprawdź, czy link został skopiowany w całości.' },
  },
};
