import type { CustomerTexts } from './en.ts';

/** Spanish, formal address (usted). */
export const es: CustomerTexts = {
  reply: {
    askToRecord: (link) => `¿Podría mostrarme qué ocurre? Grabe su pantalla aquí: ${link}`,
  },
  messengerCard: {
    title: '¿Podría mostrarnos qué ocurre?',
    body: 'Grabe su pantalla en el navegador, sin cuenta, extensiones ni descargas.',
    button: 'Grabar mi pantalla',
    gone: 'Este enlace de grabación ya no está disponible. Pídanos uno nuevo en esta conversación.',
  },
  pages: {
    unknownAddress: {
      title: 'Esta dirección no está en uso',
      body: (address) => `Ninguna cuenta usa ${address} para enlaces de grabación. Compruebe el enlace que recibió o pida uno nuevo a quien se lo envió.`,
    },
    unknownLink: { title: 'Este enlace de grabación no existe', body: 'Compruebe que ha copiado el enlace completo.' },
  },
};
