declare module '*.jpg?poster' {
  const poster: import('../../../../scripts/posterPlugin.ts').Poster;
  export default poster;
}
