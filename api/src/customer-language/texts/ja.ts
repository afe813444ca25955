import type { CustomerTexts } from './en.ts';

/** Japanese, polite form (です・ます, ご〜ください). */
export const ja: CustomerTexts = {
  reply: {
    askToRecord: (link) => `どのような状況か見せていただけますか？こちらから画面を録画できます：${link}`,
  },
  messengerCard: {
    title: 'どのような状況か見せていただけますか？',
    body: 'ブラウザで画面を録画できます。アカウント登録、拡張機能、ダウンロードは不要です。',
    button: '画面を録画する',
    gone: 'この録画リンクは使用できなくなりました。この会話で新しいリンクをお申し付けください。',
  },
  pages: {
    unknownAddress: {
      title: 'このアドレスは使用されていません',
      body: (address) => `${address} を録画リンクに使用しているアカウントはありません。受け取ったリンクをご確認いただくか、送信者に新しいリンクをご依頼ください。`,
    },
    unknownLink: { title: 'この録画リンクは存在しません', body: 'リンク全体をコピーしたかご確認ください。' },
  },
};
