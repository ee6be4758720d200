/// A path parameter's field: the server's matches as suggestions (a
/// `<datalist>`, which the browser makes keyboard-accessible), Tab completing
/// as far as the matches agree, as a shell does, and a line naming the
/// choice for screen readers and eyes. Typing asks once it pauses, and never
/// while an answer is still on its way: a held key does not flood the server.
enum PathFieldJS {
    static let text = #"""
import { el } from "./render.js";
import { pageSecret } from "./rpc.js";

const PAUSE = 120;
const SHOWN = 8;

async function lookUp(typed) {
  const response = await fetch(`/complete?path=${encodeURIComponent(typed)}`, { headers: { Accept: "application/json", "X-Facet-Page": pageSecret } });
  if (!response.ok) return { folder: "", names: [], total: 0, completion: typed };
  return response.json();
}

// Returns [input, ...nodes to place after it]; `attributes` are the input's (id, name, required).
export function pathField(attributes) {
  const listId = `${attributes.id}-matches`;
  const hintId = `${attributes.id}-hint`;
  const input = el("input", {
    ...attributes, type: "text", list: listId, autocomplete: "off", spellcheck: "false",
    "data-kind": "path", "aria-describedby": hintId,
  });
  const list = el("datalist", { id: listId });
  const hint = el("p", { id: hintId, class: "hint", "aria-live": "polite" });

  let known = null;      // { typed, answer }: the latest answer and the text it is for
  let running = null;    // the request on its way, if any
  let again = false;     // the text changed while it was: ask once more when it lands
  let timer = 0;

  function request(typed) {
    if (known?.typed === typed) return Promise.resolve(known.answer);
    if (running) return running.then(() => request(typed));
    running = lookUp(typed)
      .catch(() => ({ folder: "", names: [], total: 0, completion: typed }))
      .then((answer) => { known = { typed, answer }; return answer; })
      .finally(() => {
        running = null;
        if (again) { again = false; refresh(); }
      });
    return running;
  }

  function show(answer) {
    list.replaceChildren(...answer.names.map((name) => el("option", { value: answer.folder + name })));
    const more = answer.total - Math.min(answer.names.length, SHOWN);
    if (answer.total === 0) hint.textContent = input.value === "" ? "" : "No match.";
    else if (answer.total === 1) hint.textContent = "";
    else hint.textContent = answer.names.slice(0, SHOWN).join("  ") + (more > 0 ? `  … ${more} more` : "");
  }

  function refresh() {
    if (running) { again = true; return; }
    const typed = input.value;
    request(typed).then((answer) => { if (input.value === typed) show(answer); });
  }

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, PAUSE);
  });
  input.addEventListener("focus", () => { if (input.value !== "") refresh(); });

  // Tab adds what every match agrees on; when there is nothing to add, Tab moves on as usual.
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Tab" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    const typed = input.value;
    if (typed === "" || (known?.typed === typed && known.answer.completion === typed)) return;
    event.preventDefault();
    clearTimeout(timer);
    request(typed).then((answer) => {
      if (input.value !== typed) return;
      if (answer.completion !== typed) {
        input.value = answer.completion;
        input.setSelectionRange(input.value.length, input.value.length);
        refresh();
      } else {
        show(answer);
      }
    });
  });
  return [input, list, hint];
}
"""#
}
