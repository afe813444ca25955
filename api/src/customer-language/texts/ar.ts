import type { CustomerTexts } from './en.ts';

/**
 * Arabic (Modern Standard, right to left). A link or an address is isolated (U+2068 … U+2069) so its left-to-right
 * characters do not reorder the sentence around it.
 */
const iso = (value: string): string => `\u2068${value}\u2069`;

export const ar: CustomerTexts = {
  reply: {
    askToRecord: (link) => `هل يمكنك أن تُريني ما يحدث؟ سجّل شاشتك من هنا: ${iso(link)}`,
  },
  messengerCard: {
    title: 'هل يمكنك أن تُرينا ما يحدث؟',
    body: 'سجّل شاشتك من متصفحك مباشرةً، دون حساب أو إضافة أو تنزيل.',
    button: 'سجّل شاشتي',
    gone: 'رابط التسجيل هذا لم يعد متاحًا. اطلب منّا رابطًا جديدًا في هذه المحادثة.',
  },
  pages: {
    unknownAddress: {
      title: 'هذا العنوان غير مستخدم',
      body: (address) => `لا يستخدم أي حساب العنوان ${iso(address)} لروابط التسجيل. تحقّق من الرابط الذي وصلك، أو اطلب رابطًا جديدًا ممّن أرسله إليك.`,
    },
    unknownLink: { title: 'رابط التسجيل هذا غير موجود', body: 'تأكّد من نسخ الرابط كاملًا.' },
  },
};
