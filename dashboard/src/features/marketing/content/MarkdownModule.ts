/** What a `.md` import gives after the build-time Markdown plugin (dashboard/scripts/markdownPlugin.ts). */
export interface MarkdownModule {
  meta: Record<string, string>;
  html: string;
  sections: { title: string; id: string; html: string; text: string }[];
}
