/// The page's style: system colours, both colour schemes, visible focus.
enum AppCSS {
    static let text = #"""
:root { color-scheme: light dark; --accent: #2563eb; --bad: #b91c1c; --warn: #a16207; --row: 2rem; --thumb: 24px;
  font-family: system-ui, sans-serif; }
@media (prefers-color-scheme: dark) { :root { --accent: #60a5fa; --bad: #f87171; --warn: #facc15; } }
@media (prefers-reduced-motion: reduce) { * { transition: none !important; animation: none !important; scroll-behavior: auto !important; } }
body { margin: 0; background: Canvas; color: CanvasText; }
header { display: flex; align-items: center; gap: 1rem; padding: .5rem 1rem; border-bottom: 1px solid GrayText; }
nav#tabs { display: flex; gap: .25rem; flex-wrap: wrap; flex: 1; }
nav#tabs a { padding: .35rem .75rem; border-radius: .4rem; color: inherit; text-decoration: none; }
nav#tabs a[aria-current="page"] { background: var(--accent); color: Canvas; }
#connection { font-size: .85rem; color: GrayText; }
#bars { padding: .3rem 1rem; font-size: .9rem; color: GrayText; border-bottom: 1px solid GrayText;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
main { padding: 1rem; max-width: 80rem; }
h1 { margin: 0 0 .5rem; font-size: 1.4rem; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.status { min-height: 1.4rem; margin: .25rem 0 .75rem; }
.status[data-kind="error"] { color: var(--bad); }
.status[data-kind="warning"] { color: var(--warn); }
.status[data-kind="loading"]::before { content: "… "; }
.actions { display: flex; flex-wrap: wrap; gap: .4rem; margin-bottom: .75rem; }
.actions button { display: inline-flex; gap: .4rem; align-items: center; }
button { font: inherit; padding: .3rem .7rem; border-radius: .4rem; border: 1px solid GrayText; background: ButtonFace; color: ButtonText; cursor: pointer; }
button[data-destructive="true"] { border-color: var(--bad); }
button:disabled, button[aria-disabled="true"] { cursor: not-allowed; opacity: .55; }
kbd { font-family: ui-monospace, monospace; font-size: .8em; border: 1px solid GrayText; border-radius: .25rem; padding: 0 .3rem; }
.reason { font-size: .8rem; color: GrayText; }
.unavailable { align-self: center; font-size: .85rem; }
.unavailable summary { cursor: pointer; color: GrayText; }
.unavailable ul { list-style: none; margin: .4rem 0 0; padding: 0; display: grid; gap: .3rem; }
.unavailable li { display: flex; gap: .5rem; align-items: baseline; flex-wrap: wrap; }
dl.detail { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
dl.detail dt { color: GrayText; }
dl.detail dd { margin: 0; }
img.thumb { width: var(--thumb); height: var(--thumb); object-fit: cover; vertical-align: middle; margin-inline-end: .4rem; }
img.picture { display: block; max-width: min(40rem, 100%); height: auto; margin: 0 0 1rem; }
form.fields { display: grid; grid-template-columns: max-content minmax(12rem, 30rem); gap: .4rem 1rem; margin-bottom: 1rem; align-items: center; }
form.fields .message { grid-column: 2; font-size: .85rem; color: var(--bad); }
.scroller { height: 60vh; overflow: auto; contain: strict; border: 1px solid GrayText; border-radius: .4rem; }
table { border-collapse: collapse; width: 100%; }
thead th { position: sticky; top: 0; background: Canvas; text-align: start; border-bottom: 1px solid GrayText; height: var(--row); padding: 0 .6rem; white-space: nowrap; }
thead th button { border: none; background: none; padding: 0; color: inherit; font-weight: bold; }
tbody tr { height: var(--row); }
tbody td { padding: 0 .6rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 30rem; }
tbody tr[aria-selected="true"] { background: color-mix(in srgb, var(--accent) 25%, transparent); }
td.trailing, th.trailing { text-align: end; font-variant-numeric: tabular-nums; }
.empty { color: GrayText; padding: 1rem; }
.count { color: GrayText; font-size: .85rem; margin: .4rem 0; }
dialog { border: 1px solid GrayText; border-radius: .6rem; max-width: 32rem; }
dialog form { display: grid; gap: .6rem; }
dialog label { display: grid; gap: .2rem; }
dialog .buttons { display: flex; gap: .5rem; justify-content: flex-end; }
dialog .hint { margin: 0; min-height: 1.2rem; font-size: .85rem; color: GrayText; white-space: pre-wrap; overflow-wrap: anywhere; }
dialog .keys { margin: 0; font-size: .85rem; color: GrayText; }
"""#
}
