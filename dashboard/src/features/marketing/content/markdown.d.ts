declare module '*.md' {
  const module: {
    meta: Record<string, string>;
    html: string;
    sections: { title: string; id: string; html: string; text: string }[];
  };
  export default module;
}
