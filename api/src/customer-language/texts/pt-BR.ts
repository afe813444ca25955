import type { CustomerTexts } from './en.ts';

/** Brazilian Portuguese (você). */
export const ptBR: CustomerTexts = {
  reply: {
    askToRecord: (link) => `Você poderia me mostrar o que acontece? Grave sua tela aqui: ${link}`,
  },
  messengerCard: {
    title: 'Você poderia nos mostrar o que acontece?',
    body: 'Grave sua tela no navegador, sem conta, extensão ou download.',
    button: 'Gravar minha tela',
    gone: 'Este link de gravação não está mais disponível. Peça um novo para nós nesta conversa.',
  },
  pages: {
    unknownAddress: {
      title: 'Este endereço não está em uso',
      body: (address) => `Nenhuma conta usa ${address} para links de gravação. Verifique o link que você recebeu ou peça um novo a quem o enviou.`,
    },
    unknownLink: { title: 'Este link de gravação não existe', body: 'Verifique se você copiou o link inteiro.' },
  },
};
