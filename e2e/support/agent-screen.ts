/** The colours of a helpdesk's agent screen: its text, its lines, its side panel and its quieter text. */
export interface AgentScreenPalette {
  text: string;
  line: string;
  panel: string;
  muted: string;
}

/**
 * The layout the stand-in agent screens of the helpdesk scenarios share (a ticket with its reply box and an editor
 * button opening a popover on the left, the apps' sidebar on the right), in the helpdesk's own colours.
 */
export function agentScreenCss(p: AgentScreenPalette): string {
  return `
  body { margin: 0; font: 14px/1.45 system-ui, sans-serif; color: ${p.text}; display: grid; grid-template-columns: 1fr 320px; height: 100vh; }
  main { padding: 20px 28px; overflow: auto; } aside { border-left: 1px solid ${p.line}; padding: 12px; background: ${p.panel}; }
  h1 { font-size: 20px; margin: 0 0 4px; } .meta { color: ${p.muted}; margin-bottom: 16px; }
  .editor { border: 1px solid ${p.line}; border-radius: 4px; } .toolbar { border-top: 1px solid ${p.line}; padding: 4px 8px; position: relative; }
  [aria-label="Reply"] { min-height: 110px; padding: 10px 12px; outline: none; }
  .popover { position: absolute; bottom: 36px; left: 8px; width: 300px; height: 160px; background: #fff; border: 1px solid ${p.line}; box-shadow: 0 8px 24px rgba(0,0,0,.15); border-radius: 4px; }
  iframe { border: 0; width: 100%; } aside h2 { font-size: 13px; text-transform: uppercase; color: ${p.muted}; margin: 0 0 8px; }
`;
}
