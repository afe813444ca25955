import type { CustomerTexts } from './en.ts';

/** Italian, formal address (Lei). */
export const it: CustomerTexts = {
  reply: {
    askToRecord: (link) => `Potrebbe mostrarmi che cosa succede? Registri lo schermo qui: ${link}`,
  },
  messengerCard: {
    title: 'Potrebbe mostrarci che cosa succede?',
    body: 'Registri lo schermo direttamente nel browser, senza account, estensioni o download.',
    button: 'Registra il mio schermo',
    gone: 'Questo link di registrazione non è più disponibile. Ce ne chieda uno nuovo in questa conversazione.',
  },
  pages: {
    unknownAddress: {
      title: 'Questo indirizzo non è in uso',
      body: (address) => `Nessun account usa ${address} per i link di registrazione. Controlli il link che ha ricevuto, oppure ne chieda uno nuovo a chi glielo ha inviato.`,
    },
    unknownLink: { title: 'Questo link di registrazione non esiste', body: 'Verifichi di aver copiato il link per intero.' },
  },
};
