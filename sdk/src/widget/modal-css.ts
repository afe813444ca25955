// `.compact`: the recording control, away from the launcher's corner (on a narrow screen, at the other edge too, so
// the two never overlap); only the control itself takes clicks. `.blurred`: the line under it saying the page's private
// fields are blurred (widget/privacy-blur.ts).
export const MODAL_CSS = `:host{all:initial}
.backdrop{position:fixed;inset:0;z-index:2147483647;background:#0f172a99;display:flex;align-items:center;justify-content:center;font:14px/1.4 system-ui,sans-serif;color:#0f172a}
.dialog{background:#fff;border-radius:12px;box-shadow:0 20px 50px #0006;width:min(760px,96vw);height:min(640px,92vh);display:flex;flex-direction:column;overflow:hidden}
.compact{inset:auto;background:none;display:block}
.compact .dialog{width:min(380px,calc(100vw - 24px));height:60px;box-shadow:0 6px 24px #0005;border:1px solid #cbd5e1}
.compact .bar{display:none}
.blurred{pointer-events:none;margin:4px 0 0;padding:2px 8px;width:fit-content;max-width:min(380px,calc(100vw - 24px));box-sizing:border-box;border-radius:6px;background:#0f172ad9;color:#fff;font-size:12px}
.bottom{bottom:12px}.top{top:12px}.left{left:12px}.right{right:12px}
@media (max-width:640px){.bottom{bottom:auto;top:12px}.top{top:auto;bottom:12px}}
.bar{display:flex;align-items:center;justify-content:space-between;padding:10px 12px 10px 18px;border-bottom:1px solid #e2e8f0}
h2{margin:0;font-size:16px;font-weight:600}
.x{border:0;background:none;font-size:24px;line-height:1;width:36px;height:36px;border-radius:8px;cursor:pointer;color:inherit}
.x:hover{background:#f1f5f9}
.x:focus-visible{outline:3px solid #4f46e5;outline-offset:1px}
iframe{flex:1;min-height:0;border:0;width:100%}
.msg{margin:auto;padding:24px;text-align:center;max-width:420px}
.err{color:#b91c1c}
@media (prefers-reduced-motion:no-preference){.dialog{animation:in .15s ease-out}@keyframes in{from{opacity:0;transform:translateY(8px)}}}`;
