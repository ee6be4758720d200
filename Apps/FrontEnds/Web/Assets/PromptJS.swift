/// Dialogs built from an action's parameter schema, and the confirmation a
/// an action that removes or destroys needs, in the screen's words.
enum PromptJS {
    static let text = #"""
import { el } from "./render.js";
import { asksFirst } from "./names.js";
import { pathField } from "./path-field.js";

function show(dialog, form, focus) {
  return new Promise((resolve) => {
    let answer = null;
    dialog.replaceChildren(form);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      answer = form.collect();
      dialog.close();
    });
    form.querySelector("[data-cancel]").addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => resolve(answer), { once: true });
    dialog.showModal();
    (focus(form) ?? form.querySelector("input, select, button"))?.focus();
  });
}

function buttons(okLabel, destructive) {
  return el("div", { class: "buttons" },
    el("button", { type: "button", "data-cancel": true }, "Cancel"),
    el("button", { type: "submit", "data-ok": true, "data-destructive": destructive ? "true" : "false" }, okLabel));
}

// Values for `params` of `action`, or null if cancelled. `initial` prefills by name.
export function ask(dialog, action, params, initial = {}) {
  const controls = [];
  const form = el("form", { "aria-labelledby": "prompt-title" },
    el("h2", { id: "prompt-title" }, action.label), el("p", {}, action.summary));
  for (const param of params) {
    const id = `param-${param.name}`;
    let control;
    let extras = [];
    if (param.kind === "choice") {
      control = el("select", { id, name: param.name, required: param.required });
      if (!param.required) control.append(el("option", { value: "" }, "—"));
      for (const choice of param.choices ?? []) control.append(el("option", { value: choice }, choice));
    } else if (param.kind === "bool") {
      control = el("input", { id, name: param.name, type: "checkbox" });
    } else if (param.kind === "int") {
      control = el("input", { id, name: param.name, type: "number", step: "1", min: param.minimum, max: param.maximum, required: param.required });
    } else if (param.kind === "path") {
      [control, ...extras] = pathField({ id, name: param.name, required: param.required });
    } else {
      control = el("input", {
        id, name: param.name, type: "text", required: param.required, autocomplete: "off",
        spellcheck: "false", "data-kind": param.kind,
      });
    }
    const start = initial[param.name] ?? param.suggestion;
    if (start !== undefined && start !== null) {
      if (param.kind === "bool") control.checked = start === true || start === "true";
      else control.value = String(start);
    }
    controls.push([param, control]);
    const label = param.kind === "bool"
      ? el("label", {}, control, ` ${param.label}`)
      : el("label", {}, `${param.label}${param.required ? "" : " (optional)"}`, control);
    form.append(label, ...extras);
  }
  form.append(buttons(action.label, asksFirst(action)));
  form.collect = () => {
    const values = {};
    for (const [param, control] of controls) {
      if (param.kind === "bool") { values[param.name] = control.checked; continue; }
      const text = control.value;
      if (text === "" && !param.required) continue;
      values[param.name] = param.kind === "int" ? Number(text) : text;
    }
    return values;
  };
  return show(dialog, form, () => controls[0]?.[1]);
}

// true when the user says yes to `question`, the screen's own words naming
// what `action` would remove or destroy, shown as sent: they already end
// with what its effect says of undoing it.
//
// It answers the TUI's keys, and names them as the TUI's footer does: `y`
// says yes, `n` no; Esc cancels as every dialog does, and Enter takes the
// focused button, Cancel at first.
export async function confirmAction(dialog, action, question) {
  const form = el("form", { role: "alertdialog", "aria-labelledby": "prompt-title" },
    el("h2", { id: "prompt-title" }, question),
    el("p", { class: "keys" }, "y yes · n no"),
    buttons(action.label, true));
  form.querySelector("[data-ok]").setAttribute("aria-keyshortcuts", "y");
  form.querySelector("[data-cancel]").setAttribute("aria-keyshortcuts", "n");
  form.collect = () => true;
  const keys = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key !== "y" && key !== "n") return;
    event.preventDefault();
    event.stopPropagation();
    if (key === "y") form.requestSubmit(form.querySelector("[data-ok]"));
    else dialog.close();
  };
  dialog.addEventListener("keydown", keys);
  try {
    return (await show(dialog, form, (f) => f.querySelector("[data-cancel]"))) === true;
  } finally {
    dialog.removeEventListener("keydown", keys);
  }
}

// The typed second answer some targets need (the home folder's full path):
// what was typed, or null if cancelled.
export async function askTyped(dialog, action, question, name) {
  const control = el("input", {
    id: `param-${name}`, name, type: "text", required: true, autocomplete: "off", spellcheck: "false",
  });
  const form = el("form", { role: "alertdialog", "aria-labelledby": "prompt-title", "aria-describedby": "prompt-text" },
    el("h2", { id: "prompt-title" }, action.label),
    el("p", { id: "prompt-text" }, question),
    el("label", {}, "Full path", control),
    buttons(action.label, true));
  form.collect = () => control.value;
  return show(dialog, form, () => control);
}
"""#
}
