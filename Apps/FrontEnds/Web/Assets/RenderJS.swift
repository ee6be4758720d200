/// Builders for every part of a snapshot. Every string reaches the page as
/// text (`textContent`, attribute values), never as markup.
enum RenderJS {
    static let text = #"""
import { asksFirst } from "./names.js";

// el("p", {class: "x"}, "text", child): strings become text nodes, never HTML.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

export function valueText(value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

// A cell as the JSON-lines snapshot states it: its display text, else its typed value.
export function cellText(item, column) {
  const shown = item.cells?.[column.id];
  if (shown !== undefined) return shown;
  const value = item.values?.[column.id];
  return value === undefined ? (column.id === "title" ? item.title : "") : valueText(value);
}

// The snapshot as the page shows it: an action a message mentions by its
// name in quotes ('toggle-files', see ActionMention) is named by its key and
// the label its button shows, as the TUI names it, never by the CLI's word.
export function mentionsShown(snapshot) {
  const shown = (text) => typeof text !== "string" || !text.includes("'") ? text
    : snapshot.actions.reduce((t, a) => t.replaceAll(`'${a.name}'`, a.key ? `${a.key} (${a.label})` : a.label), text);
  const content = { ...snapshot.content };
  if (content.list) content.list = { ...content.list, emptyMessage: shown(content.list.emptyMessage) };
  if (content.detail) content.detail = { ...content.detail, rows: content.detail.rows.map((row) => ({ ...row, value: shown(row.value) })) };
  return { ...snapshot, status: { ...snapshot.status, message: shown(snapshot.status.message) }, content };
}

export function renderStatus(node, status, local) {
  const kind = local ? "error" : status.kind;
  node.dataset.kind = kind;
  node.textContent = local ?? status.message ?? "";
}

// An <img> decoded off the main thread that leaves no trace when the server
// refuses the picture (a hostile one). Loaded at once, not lazily: the
// virtual list builds only the rows in view and a screenful around them,
// and a lazy image waits for a layout pass before it even asks.
export function pictureImage(url, kind, alt) {
  const image = el("img", { class: kind, src: url, alt, decoding: "async" });
  image.addEventListener("error", () => image.remove());
  return image;
}

// A row that repeats a form field (the Settings form and its saved values)
// is left out, as every face for people does: each fact shows once.
export function renderDetail(detail, form) {
  const fields = new Set((form?.fields ?? []).map((field) => field.id));
  const list = el("dl", { class: "detail" });
  for (const row of detail.rows) {
    if (row.id && fields.has(row.id)) continue;
    list.append(el("dt", { "data-row": row.id }, row.label), el("dd", { "data-type": row.type }, row.value));
  }
  return list;
}

// actions: descriptors; run(action) is called on click. The bar shows what
// applies now; the actions that cannot apply in this state are grouped out
// of the way in one menu (`unavailableOpen`: it stays as the user left it),
// each with its reason, so a screen with no GitHub user shows one button,
// not a row of greyed ones with their reasons inline.
export function renderActions(actions, hidden, run, unavailableOpen = false) {
  const bar = el("div", { class: "actions", role: "toolbar", "aria-label": "Actions" });
  const unavailable = el("ul", {});
  for (const action of actions) {
    if (hidden.has(action.name)) continue;
    const reasonId = `reason-${action.name}`;
    const button = el("button", {
      type: "button", "data-action": action.name, "data-destructive": asksFirst(action) ? "true" : "false",
      title: action.summary, "aria-keyshortcuts": action.key, disabled: !action.enabled,
      "aria-describedby": action.enabled ? null : reasonId,
    }, action.label);
    if (action.key) button.append(el("kbd", {}, action.key));
    button.addEventListener("click", () => run(action));
    if (action.enabled) { bar.append(button); continue; }
    unavailable.append(el("li", {}, button, el("span", { class: "reason", id: reasonId }, action.disabledReason ?? "")));
  }
  if (unavailable.children.length > 0) {
    const menu = el("details", { class: "unavailable" },
      el("summary", {}, `Not available now (${unavailable.children.length})`), unavailable);
    menu.open = unavailableOpen;
    bar.append(menu);
  }
  return bar;
}

// A form: built once per screen, then updated in place so typing is never interrupted.
export class FormView {
  constructor(onEdit, onSubmit) {
    this.onEdit = onEdit;
    this.onSubmit = onSubmit;
    this.root = el("form", { class: "fields", novalidate: true });
    this.root.addEventListener("submit", (event) => { event.preventDefault(); this.onSubmit(); });
    this.inputs = new Map();
    this.shape = "";
  }

  update(form, submit) {
    const shape = JSON.stringify(form.fields.map((f) => [f.id, f.secret, f.choices, f.readOnly]));
    if (shape !== this.shape) this.build(form);
    for (const field of form.fields) {
      const { input, message } = this.inputs.get(field.id);
      if (document.activeElement !== input && input.value !== field.value) input.value = field.value;
      message.textContent = field.message ?? "";
    }
    this.submit.hidden = !submit;
    if (submit) {
      this.submit.textContent = submit.label;
      // Never `disabled`: a click before the last keystroke's edit reached
      // the screen must still submit (the edits go first), and a click on a
      // form that is not complete must say why, not do nothing.
      this.submit.setAttribute("aria-disabled", String(!submit.enabled));
      this.submit.title = submit.enabled ? submit.summary : (submit.disabledReason ?? "");
    }
  }

  build(form) {
    this.shape = JSON.stringify(form.fields.map((f) => [f.id, f.secret, f.choices, f.readOnly]));
    this.inputs.clear();
    const children = [];
    for (const field of form.fields) {
      const id = `field-${field.id}`;
      let input;
      if (field.choices) {
        input = el("select", { id, name: field.id, disabled: field.readOnly });
        for (const choice of field.choices) input.append(el("option", { value: choice }, choice));
      } else {
        input = el("input", {
          id, name: field.id, type: field.secret ? "password" : "text", placeholder: field.placeholder,
          readonly: field.readOnly, maxlength: field.maxLength, autocomplete: "off",
        });
      }
      input.value = field.value;
      let timer;
      input.addEventListener("input", () => {
        clearTimeout(timer);
        timer = setTimeout(() => this.onEdit(field.id, input.value), 150);
      });
      input.addEventListener("change", () => { clearTimeout(timer); this.onEdit(field.id, input.value); });
      const message = el("span", { class: "message", "aria-live": "polite" });
      input.setAttribute("aria-describedby", `${id}-message`);
      message.id = `${id}-message`;
      this.inputs.set(field.id, { input, message });
      children.push(el("label", { for: id }, field.label), input, message);
    }
    this.submit = el("button", { type: "submit" });
    children.push(el("span"), this.submit);
    this.root.replaceChildren(...children);
  }

  // The fields whose text differs from the screen's `form`: only what the
  // user edited is sent, so "Saved: …" names what changed.
  changed(form) {
    const shown = new Map((form?.fields ?? []).map((field) => [field.id, field.value]));
    return [...this.inputs.entries()]
      .filter(([id, { input }]) => shown.has(id) && input.value !== shown.get(id))
      .map(([id, { input }]) => [id, input.value]);
  }
}
"""#
}
