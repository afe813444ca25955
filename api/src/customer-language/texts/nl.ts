import type { CustomerTexts } from './en.ts';

/** Dutch, formal address (u). */
export const nl: CustomerTexts = {
  reply: {
    askToRecord: (link) => `Kunt u mij laten zien wat er gebeurt? Neem hier uw scherm op: ${link}`,
  },
  messengerCard: {
    title: 'Kunt u ons laten zien wat er gebeurt?',
    body: 'Neem uw scherm op in uw browser, zonder account, extensie of download.',
    button: 'Mijn scherm opnemen',
    gone: 'Deze opnamelink is niet meer beschikbaar. Vraag ons in dit gesprek om een nieuwe.',
  },
  pages: {
    unknownAddress: {
      title: 'Dit adres is niet in gebruik',
      body: (address) => `Geen enkel account gebruikt ${address} voor opnamelinks. Controleer de link die u hebt ontvangen, of vraag de afzender om een nieuwe.`,
    },
    unknownLink: { title: 'Deze opnamelink bestaat niet', body: 'Controleer of u de hele link hebt gekopieerd.' },
  },
};
