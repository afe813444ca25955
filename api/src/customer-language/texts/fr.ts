import type { CustomerTexts } from './en.ts';

/** French, formal address (vous). A narrow no-break space before ? and :, as in the recorder. */
export const fr: CustomerTexts = {
  reply: {
    askToRecord: (link) => `Pourriez-vous me montrer ce qui se passe\u202f? Enregistrez votre écran ici\u202f: ${link}`,
  },
  messengerCard: {
    title: 'Pourriez-vous nous montrer ce qui se passe\u202f?',
    body: 'Enregistrez votre écran dans votre navigateur, sans compte, sans extension et sans téléchargement.',
    button: 'Enregistrer mon écran',
    gone: 'Ce lien d’enregistrement n’est plus disponible. Demandez-nous-en un nouveau dans cette conversation.',
  },
  pages: {
    unknownAddress: {
      title: 'Cette adresse n’est pas utilisée',
      body: (address) => `Aucun compte n’utilise ${address} pour ses liens d’enregistrement. Vérifiez le lien que vous avez reçu, ou demandez-en un nouveau à la personne qui vous l’a envoyé.`,
    },
    unknownLink: { title: 'Ce lien d’enregistrement n’existe pas', body: 'Vérifiez que vous avez copié le lien en entier.' },
  },
};
