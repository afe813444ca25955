import type { CustomerTexts } from './en.ts';

/** Korean, polite form (해요체/합쇼체 as the recorder). */
export const ko: CustomerTexts = {
  reply: {
    askToRecord: (link) => `어떤 상황인지 보여 주시겠어요? 여기에서 화면을 녹화하실 수 있습니다: ${link}`,
  },
  messengerCard: {
    title: '어떤 상황인지 보여 주시겠어요?',
    body: '브라우저에서 바로 화면을 녹화하세요. 계정, 확장 프로그램, 다운로드가 필요 없습니다.',
    button: '내 화면 녹화하기',
    gone: '이 녹화 링크는 더 이상 사용할 수 없습니다. 이 대화에서 새 링크를 요청해 주세요.',
  },
  pages: {
    unknownAddress: {
      title: '사용 중이지 않은 주소입니다',
      body: (address) => `${address} 주소를 녹화 링크에 사용하는 계정이 없습니다. 받으신 링크를 확인하시거나, 링크를 보낸 분께 새 링크를 요청하세요.`,
    },
    unknownLink: { title: '존재하지 않는 녹화 링크입니다', body: '링크 전체를 복사했는지 확인하세요.' },
  },
};
