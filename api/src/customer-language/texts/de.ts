import type { CustomerTexts } from './en.ts';

/** German, formal address (Sie). */
export const de: CustomerTexts = {
  reply: {
    askToRecord: (link) => `Könnten Sie mir zeigen, was passiert? Hier können Sie Ihren Bildschirm aufnehmen: ${link}`,
  },
  messengerCard: {
    title: 'Könnten Sie uns zeigen, was passiert?',
    body: 'Nehmen Sie Ihren Bildschirm direkt im Browser auf – ohne Konto, Erweiterung oder Download.',
    button: 'Bildschirm aufnehmen',
    gone: 'Dieser Aufnahmelink ist nicht mehr verfügbar. Bitten Sie uns in diesem Gespräch um einen neuen.',
  },
  pages: {
    unknownAddress: {
      title: 'Diese Adresse wird nicht verwendet',
      body: (address) => `Kein Konto verwendet ${address} für Aufnahmelinks. Prüfen Sie den Link, den Sie erhalten haben, oder bitten Sie den Absender um einen neuen.`,
    },
    unknownLink: { title: 'Diesen Aufnahmelink gibt es nicht', body: 'Prüfen Sie, ob Sie den ganzen Link kopiert haben.' },
  },
};
