/**
 * What the API itself writes to the customer, in English: the reference catalogue (the recorder's own strings are in
 * recorder/src/messages). Each other language's file has the same shape (`CustomerTexts`), so a missing or extra key
 * fails the typecheck. Functions take the value to place (a link, an address) and return the whole sentence.
 */
export const en = {
  /** What the helpdesk apps put into the agent's reply (Zendesk, Freshdesk; Intercom's panel offers it to copy). */
  reply: {
    askToRecord: (link: string) => `Could you show me what happens? Record your screen here: ${link}`,
  },
  /** The card in the customer's Intercom Messenger when the teammate inserted the app into a reply. */
  messengerCard: {
    title: 'Could you show us what happens?',
    body: 'Record your screen in your browser: no account, extension or download.',
    button: 'Record my screen',
    gone: 'This recording link is no longer available. Ask us for a new one in this conversation.',
  },
  /** The plain pages the server answers itself, outside the recorder (a branded subdomain it does not know). */
  pages: {
    unknownAddress: {
      title: 'This address is not in use',
      body: (address: string) => `No account uses ${address} for recording links. Check the link you were sent, or ask its sender for a new one.`,
    },
    unknownLink: { title: 'This recording link does not exist', body: 'Check that you copied the whole link.' },
  },
};

export type CustomerTexts = typeof en;
