/// The page's controller: tabs, the URL of the open screen, the session's
/// snapshots rendered in place, actions run from buttons and keys.
enum AppJS {
    static let text = #"""
import { Rpc } from "./rpc.js";
import { Action, Param, Key, asksFirst } from "./names.js";
import { el, renderStatus, renderDetail, renderActions, mentionsShown, pictureImage, FormView } from "./render.js";
import { VirtualTable } from "./table.js";
import { ask, confirmAction, askTyped } from "./prompt.js";

const state = { screens: [], home: null, handle: null, version: -1, snapshot: null, request: null, view: null, problem: null };
const main = document.getElementById("screen");
const dialog = document.getElementById("prompt");
const connection = document.getElementById("connection");
const barLine = document.getElementById("bars");
// The bar screens kept open beside the tab shown (a descriptor's `bar`), by
// handle: each is drawn as one line from its snapshot's summary.
const bars = new Map();
// Actions the page runs itself (form edits, paging while scrolling).
const automatic = new Set([Action.setField, Action.loadMore, Action.loadPrevious, Action.scrollTo]);

const rpc = new Rpc(changed, (s) => { connection.textContent = s === "connected" ? "" : "Disconnected from facet: reload the page."; });

function descriptor(id) { return state.screens.find((s) => s.id === id); }

// /SCREEN/POSITIONAL…?NAMED=…  <->  {screen, params}
function urlFor(request) {
  const desc = descriptor(request.screen);
  const params = request.params ?? {};
  let path = `/${encodeURIComponent(request.screen)}`;
  const query = new URLSearchParams();
  for (const param of desc?.params ?? []) {
    const value = params[param.name];
    if (value === undefined || value === null) continue;
    if (param.positional) path += `/${encodeURIComponent(String(value))}`;
    else query.set(param.name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function requestFromURL() {
  const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return null;
  const desc = descriptor(parts[0]);
  if (!desc) return { screen: parts[0], params: {} };
  const params = {};
  const positional = desc.params.filter((p) => p.positional);
  parts.slice(1).forEach((value, i) => { if (positional[i]) params[positional[i].name] = typed(positional[i], value); });
  const query = new URLSearchParams(location.search);
  for (const param of desc.params) {
    if (!param.positional && query.has(param.name)) params[param.name] = typed(param, query.get(param.name));
  }
  return { screen: desc.id, params };
}

function typed(param, text) {
  if (param.kind === "int") return Number(text);
  if (param.kind === "bool") return text === "true";
  return text;
}

async function start() {
  // Both questions in one round trip: neither answer depends on the other.
  const [init, screens] = await Promise.all([rpc.call("initialize"), rpc.call("screens.list")]);
  state.home = init.home;
  state.screens = screens;
  renderTabs();
  await show(requestFromURL() ?? state.home, "replace");
  window.addEventListener("popstate", () => show(requestFromURL() ?? state.home, "none"));
  document.addEventListener("keydown", key);
  openBars();
}

// After the screen is drawn, so a bar that waits on the network (no MPD)
// never delays the page; one that cannot open stays quiet.
async function openBars() {
  for (const screen of state.screens.filter((s) => s.bar && !s.params.some((p) => p.required))) {
    try {
      const result = await rpc.call("screen.open", { screen: screen.id, params: {} });
      bars.set(result.handle, { screen: screen.id, version: result.version, summary: result.snapshot.summary ?? null });
    } catch (error) {
      continue;
    }
  }
  renderBars();
}

// One line of every bar's summary, except the bar of the screen shown
// (which shows it all already); hidden when none has anything to say.
function renderBars() {
  const line = [...bars.values()].filter((bar) => bar.summary && bar.screen !== state.snapshot?.screen)
    .map((bar) => bar.summary).join("  ");
  if (barLine.textContent !== line) barLine.textContent = line;
  barLine.hidden = line === "";
}

function renderTabs() {
  const nav = document.getElementById("tabs");
  nav.replaceChildren(...state.screens.filter((s) => s.topLevel).map((screen) => {
    const link = el("a", { href: urlFor({ screen: screen.id, params: {} }), "data-screen": screen.id, title: screen.summary }, screen.title);
    link.addEventListener("click", (event) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      show({ screen: screen.id, params: {} }, "push");
    });
    return link;
  }));
}

// Opens a screen; `mode` is how history records it: push, replace or none (back/forward).
async function show(request, mode) {
  const old = state.handle;
  let result;
  try {
    result = await rpc.call("screen.open", { screen: request.screen, params: request.params ?? {} });
  } catch (error) {
    state.problem = error.message;
    if (!state.snapshot) main.replaceChildren(el("h1", {}, "Facet"), el("p", { class: "status", "data-kind": "error", role: "status" }, error.message));
    else render();
    return;
  }
  if (old) rpc.call("screen.close", { handle: old }).catch(() => {});
  state.handle = result.handle;
  state.version = result.version;
  state.snapshot = result.snapshot;
  state.request = { screen: request.screen, params: { ...(request.params ?? {}) } };
  state.problem = null;
  state.view = null;
  const url = urlFor(state.request);
  if (mode === "push") history.pushState(null, "", url);
  else if (mode === "replace") history.replaceState(null, "", url);
  render();
  state.view?.table?.scroller.focus({ preventScroll: true });
}

function changed(params) {
  const bar = bars.get(params.handle);
  if (bar) {
    if (params.version < bar.version) return;
    bar.version = params.version;
    bar.summary = params.snapshot.summary ?? null;
    renderBars();
    return;
  }
  if (params.handle !== state.handle || params.version < state.version) return;
  state.version = params.version;
  state.snapshot = params.snapshot;
  render();
}

function render() {
  const snapshot = mentionsShown(state.snapshot);
  if (!state.view) state.view = buildView();
  const view = state.view;
  document.title = `${snapshot.title} — Facet`;
  view.title.textContent = snapshot.title;
  for (const link of document.querySelectorAll("#tabs a")) {
    if (link.dataset.screen === snapshot.screen) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  renderBars();
  renderStatus(view.status, snapshot.status, state.problem);
  // A picture action is the page's own to run (as <img>), not a button.
  const shownActions = snapshot.actions.filter((a) => !a.picture);
  const actionsKey = JSON.stringify(shownActions);
  // Built again only when they changed: a screen that publishes every
  // second (a playing song's time) must not swap a button from under a click.
  if (actionsKey !== view.actionsKey) {
    const focused = document.activeElement?.dataset?.action;
    const wasOpen = view.actions.querySelector?.("details.unavailable")?.open ?? false;
    const bar = renderActions(shownActions, automatic, run, wasOpen);
    view.actions.replaceWith(bar);
    view.actions = bar;
    view.actionsKey = actionsKey;
    if (focused) bar.querySelector(`[data-action="${CSS.escape(focused)}"]`)?.focus();
  }
  const content = snapshot.content;
  if (content.form) {
    view.form.update(content.form, snapshot.actions.find((a) => a.name === content.form.submitAction));
    view.form.root.hidden = false;
  } else view.form.root.hidden = true;
  let detail = content.detail ? renderDetail(content.detail, content.form) : el("div");
  const picture = pictureURL(null);
  if (picture) detail = el("div", {}, detail, pictureImage(picture, "picture", snapshot.title));
  view.detail.replaceWith(detail);
  view.detail = detail;
  if (content.list) {
    view.table.picture = (item) => pictureURL(item);
    view.table.root.hidden = false;
    view.table.update(content.list, snapshot.title);
  } else view.table.root.hidden = true;
  mirrorListInURL(content.list);
  // For the benchmark's first meaningful paint: the first time rows are on the page.
  if (content.list?.items.length && !performance.getEntriesByName("facet-rows").length) performance.mark("facet-rows");
}

// The URL of the picture a screen's picture action hands back (the action
// declared "picture"): the screen's own (item null) when the action takes no
// row, else the row's. Same origin, so the page's CSP (img-src 'self') holds.
function pictureURL(item) {
  const snapshot = state.snapshot;
  const action = snapshot?.actions.find((a) => a.picture && a.enabled);
  if (!action || !state.request || state.request.screen !== snapshot.screen) return null;
  const takesItem = action.params.some((p) => p.kind === "item");
  if (takesItem !== (item !== null)) return null;
  // The list's order and filter (mirrored into the request) change no
  // picture: left out, so a row's picture keeps one URL, fetched once.
  const params = { ...state.request.params };
  delete params[Action.sort];
  delete params[Action.filter];
  const query = new URLSearchParams({ screen: snapshot.screen, params: JSON.stringify(params), action: action.name });
  if (item) {
    query.set("item", item.id);
    query.set("fit", thumbnailPixels());
  }
  return `/picture?${query}`;
}

// A row's picture is shown as a small square (the style's --thumb): the
// server scales it to that many device pixels, so a page of rows moves a
// thumbnail each, not each picture whole.
function thumbnailPixels() {
  const side = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--thumb")) || 24;
  return String(Math.ceil(side * (window.devicePixelRatio || 1)));
}

// A screen parameter named after a list action (filter, sort) follows the list, so the URL reopens it as shown.
function mirrorListInURL(list) {
  const desc = descriptor(state.snapshot.screen);
  if (!list || !desc || !state.request || state.snapshot.screen !== state.request.screen) return;
  const params = { ...state.request.params };
  for (const param of desc.params) {
    if (param.positional) continue;
    if (param.name === Action.sort) { if (list.sort) params[param.name] = list.sort; else delete params[param.name]; }
    if (param.name === Action.filter) { if (list.filter) params[param.name] = list.filter; else delete params[param.name]; }
  }
  state.request.params = params;
  const url = urlFor(state.request);
  if (url !== location.pathname + location.search) history.replaceState(null, "", url);
}

function buildView() {
  const title = el("h1");
  const status = el("p", { class: "status", role: "status", "aria-live": "polite" });
  const actions = el("div");
  const form = new FormView(
    (field, value) => perform(Action.setField, { [Param.field]: field, [Param.value]: value }),
    async () => {
      for (const [field, value] of form.changed(state.snapshot.content.form)) {
        await perform(Action.setField, { [Param.field]: field, [Param.value]: value });
      }
      const name = state.snapshot.content.form?.submitAction;
      const submit = state.snapshot.actions.find((a) => a.name === name);
      if (submit?.enabled) run(submit);
      else if (submit) {
        state.problem = submit.disabledReason ?? `${submit.label} needs the form filled in.`;
        render();
      }
    });
  const detail = el("div");
  const table = new VirtualTable({
    sort: (column) => {
      const list = state.snapshot.content.list;
      const action = state.snapshot.actions.find((a) => a.name === Action.sort);
      if (!action?.enabled) return;
      const args = { [Param.by]: column.sortKey };
      if (action.params.some((p) => p.name === Param.descending)) {
        args[Param.descending] = list.sort === column.sortKey && !list.sortDescending;
      }
      perform(Action.sort, args);
    },
    more: () => enabled(Action.loadMore) && perform(Action.loadMore, {}),
    previous: () => enabled(Action.loadPrevious) && perform(Action.loadPrevious, {}),
    canJump: () => enabled(Action.scrollTo),
    jump: (offset) => enabled(Action.scrollTo) && perform(Action.scrollTo, { [Param.offset]: offset }),
    activate: (item) => { if (item && enabled(Action.open)) run(state.snapshot.actions.find((a) => a.name === Action.open)); },
    current: (item) => { if (item && enabled(Action.select)) perform(Action.select, { [Param.item]: item.id }, true); },
  });
  main.replaceChildren(title, status, actions, form.root, detail, table.root);
  return { title, status, actions, form, detail, table };
}

function enabled(name) { return state.snapshot.actions.some((a) => a.name === name && a.enabled); }

// Parameters the confirmation answers (yes, and the typed second answer):
// never asked for in the form beforehand.
function answeredByDialog(param, action) {
  return asksFirst(action) && (param.name === Param.yes || param.name === Param.confirmPath);
}

// An action from a button or its key: the current row fills an item parameter,
// a dialog asks for the rest, and one whose effect asks first (it removes or
// destroys) is confirmed in the
// screen's own words (screen.confirmation), as every front end asks it.
async function run(action) {
  if (!action?.enabled) return;
  const current = state.view?.table.list ? state.view.table.currentItem : null;
  const args = {};
  const needed = [];
  for (const param of action.params) {
    if (param.kind === "item" && current) args[param.name] = current.id;
    else if (!answeredByDialog(param, action)) needed.push(param);
  }
  const back = document.activeElement;
  if (needed.length > 0) {
    const initial = {};
    const list = state.snapshot.content.list;
    if (action.name === Action.filter && list?.filter) initial[Param.text] = list.filter;
    const values = await ask(dialog, action, needed, initial);
    back?.focus?.();
    if (!values) return;
    Object.assign(args, values);
  }
  if (asksFirst(action) && !(await confirmed(action, args, back))) return;
  await perform(action.name, args);
}

// Asks the screen's question about `action` with `args` and, where the
// target needs it (the home folder), its typed second answer; fills in the
// answers and returns true when the user said yes to all.
async function confirmed(action, args, back) {
  const handle = state.handle;
  let asked;
  try {
    asked = await rpc.call("screen.confirmation", { handle, action: action.name, args });
  } catch (error) {
    // What running it would refuse (no such row) is said instead of asked.
    if (handle === state.handle) { state.problem = error.message; render(); }
    return false;
  }
  if (handle !== state.handle) return false;
  if (asked.question !== null) {
    const yes = await confirmAction(dialog, action, asked.question);
    back?.focus?.();
    if (!yes) return false;
  }
  if (action.params.some((p) => p.name === Param.yes)) args[Param.yes] = true;
  if (asked.typed) {
    const typed = await askTyped(dialog, action, asked.typed.question, asked.typed.param);
    back?.focus?.();
    if (typed === null) return false;
    args[asked.typed.param] = typed;
  }
  return true;
}

async function perform(name, args, quiet = false) {
  const handle = state.handle;
  let result;
  try {
    result = await rpc.call("screen.perform", { handle, action: name, args });
  } catch (error) {
    if (quiet || handle !== state.handle) return;
    state.problem = error.message;
    render();
    return;
  }
  if (handle !== state.handle) return;
  state.problem = null;
  if (result.version >= state.version) {
    state.version = result.version;
    state.snapshot = result.snapshot;
    render();
  }
  const outcome = result.outcome ?? {};
  if (outcome.focus != null) state.view?.table?.reveal(outcome.focus);
  if (outcome.openURL) window.open(outcome.openURL, "_blank", "noopener,noreferrer");
  if (outcome.navigate) await show(outcome.navigate, "push");
  else if (outcome.back) history.back();
}

function key(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || dialog.open) return;
  const target = event.target;
  if (target.closest?.("input, select, textarea")) return;
  if (event.key === "Backspace") {
    const up = state.snapshot?.actions.find((a) => a.name === Action.up && a.enabled);
    if (up) { event.preventDefault(); run(up); }
    return;
  }
  if (event.key === "Enter" && target.closest?.("button, a")) return;
  const name = event.key === "Enter" ? Key.enter : event.key;
  const action = state.snapshot?.actions.find((a) => a.key === name);
  if (!action) return;
  event.preventDefault();
  // A key whose action cannot apply says why, as the TUI's status line does.
  if (!action.enabled) {
    state.problem = `${action.label}: ${action.disabledReason ?? "not available now"}`;
    render();
    return;
  }
  run(action);
}

start().catch((error) => {
  main.replaceChildren(el("h1", {}, "Facet"), el("p", { class: "status", "data-kind": "error" }, error.message));
});
"""#
}
