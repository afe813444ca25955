import type { CustomerTexts } from './en.ts';

/** Simplified Chinese (您). */
export const zhCN: CustomerTexts = {
  reply: {
    askToRecord: (link) => `您能给我演示一下发生了什么吗？请在这里录制您的屏幕：${link}`,
  },
  messengerCard: {
    title: '您能给我们演示一下发生了什么吗？',
    body: '直接在浏览器中录制屏幕，无需账号、扩展程序或下载。',
    button: '录制我的屏幕',
    gone: '此录制链接已不可用。请在此对话中向我们索取新的链接。',
  },
  pages: {
    unknownAddress: {
      title: '此地址未被使用',
      body: (address) => `没有任何账号将 ${address} 用于录制链接。请检查您收到的链接，或向发送者索取新的链接。`,
    },
    unknownLink: { title: '此录制链接不存在', body: '请检查您是否复制了完整的链接。' },
  },
};
