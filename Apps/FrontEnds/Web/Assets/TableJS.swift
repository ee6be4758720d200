/// A list as a table with only the visible rows in the DOM; the rows past
/// what is loaded come from the screen's own paging.
enum TableJS {
    static let text = #"""
import { el, cellText, pictureImage } from "./render.js";

const ROW = 32; // px; the CSS gives every body row this height
const OVERSCAN = 8;
// How long the view must rest away from the loaded rows before it asks for
// rows there: a drag across a long list then costs one request, not one per
// scroll event.
const JUMP_DELAY = 120;

// Whether two snapshots' items show the same: the same object, or the same
// fields and values (a snapshot's JSON keeps its keys in one order).
function sameItem(a, b) {
  return a === b || (a != null && b != null && JSON.stringify(a) === JSON.stringify(b));
}

// callbacks: sort(column), more(), previous(), canJump(), jump(offset),
// activate(item), current(item)
export class VirtualTable {
  constructor(callbacks) {
    this.callbacks = callbacks;
    this.list = null;
    // item -> the URL of its picture, or null (set by the page).
    this.picture = null;
    this.index = -1;
    this.requested = null;
    this.jumpTimer = 0;
    this.count = el("p", { class: "count", "aria-live": "polite" });
    this.head = el("tr");
    this.body = el("tbody");
    this.table = el("table", {}, el("thead", {}, this.head), this.body);
    this.scroller = el("div", { class: "scroller", tabindex: "0", role: "region" }, this.table);
    this.empty = el("p", { class: "empty" });
    this.root = el("section", { class: "list" }, this.count, this.scroller, this.empty);
    this.scroller.addEventListener("scroll", () => this.paint());
    this.scroller.addEventListener("keydown", (event) => this.key(event));
    this.body.addEventListener("click", (event) => {
      const row = event.target.closest("tr[data-index]");
      if (row) this.move(Number(row.dataset.index), false);
    });
    this.body.addEventListener("dblclick", (event) => {
      const row = event.target.closest("tr[data-index]");
      if (row) this.callbacks.activate(this.item(Number(row.dataset.index)));
    });
    new ResizeObserver(() => this.paint()).observe(this.scroller);
  }

  get total() {
    const list = this.list;
    if (!list) return 0;
    const loaded = list.offset + list.items.length;
    return Math.max(list.total ?? 0, loaded);
  }

  item(index) {
    const list = this.list;
    if (!list || index < list.offset || index >= list.offset + list.items.length) return null;
    return list.items[index - list.offset];
  }

  get currentItem() { return this.index >= 0 ? this.item(this.index) : null; }

  update(list, label) {
    const columnsChanged = !this.list || JSON.stringify(this.list.columns) !== JSON.stringify(list.columns)
      || this.list.sort !== list.sort || this.list.sortDescending !== list.sortDescending;
    this.list = list;
    this.requested = null;
    this.scroller.setAttribute("aria-label", label);
    if (columnsChanged) this.header();
    if (this.index >= this.total) this.index = this.total - 1;
    if (this.index < 0 && this.total > 0) this.index = list.offset;
    const shown = list.items.length;
    this.count.textContent = list.filter
      ? `${this.total} matching “${list.filter}”` : `${this.total} ${this.total === 1 ? "row" : "rows"}`;
    if (shown < this.total) this.count.textContent += ` (${shown} loaded)`;
    this.empty.textContent = this.total === 0 ? list.emptyMessage : "";
    this.empty.hidden = this.total !== 0;
    this.scroller.hidden = this.total === 0;
    this.table.setAttribute("aria-rowcount", String(this.total + 1));
    this.paint();
  }

  header() {
    this.head.replaceChildren(...this.list.columns.map((column) => {
      const th = el("th", { scope: "col", class: column.alignment, "data-column": column.id });
      if (column.sortKey) {
        const sorted = this.list.sort === column.sortKey;
        th.setAttribute("aria-sort", sorted ? (this.list.sortDescending ? "descending" : "ascending") : "none");
        const button = el("button", { type: "button", title: `Sort by ${column.label}` }, column.label + (sorted ? (this.list.sortDescending ? " ▼" : " ▲") : ""));
        button.addEventListener("click", () => this.callbacks.sort(column));
        th.append(button);
      } else {
        th.textContent = column.label;
      }
      return th;
    }));
  }

  paint() {
    const list = this.list;
    if (!list) return;
    const total = this.total;
    const height = this.scroller.clientHeight || 600;
    const headHeight = this.head.offsetHeight || ROW;
    const top = Math.max(0, this.scroller.scrollTop - headHeight);
    const first = Math.max(0, Math.floor(top / ROW) - OVERSCAN);
    const last = Math.min(total, Math.ceil((top + height) / ROW) + OVERSCAN);
    // Most scroll events move the view by less than a row: the DOM stays.
    const shown = `${first} ${last} ${total} ${this.index}`;
    if (this.list !== this.painted || shown !== this.shown) this.rows(first, last, total);
    this.painted = this.list;
    this.shown = shown;
    const loadedEnd = list.offset + list.items.length;
    clearTimeout(this.jumpTimer);
    if (list.loadingMore) return;
    // Nothing in view is loaded: ask for the rows where the view rests
    // rather than chaining pages from the loaded ones.
    const away = last <= list.offset || first >= loadedEnd;
    if (away && (first > 0 || list.offset > 0) && this.callbacks.canJump()) {
      const wanted = `jump ${first}`;
      if (this.requested === wanted) return;
      this.jumpTimer = setTimeout(() => {
        this.requested = wanted;
        this.callbacks.jump(first);
      }, JUMP_DELAY);
      return;
    }
    this.step(first, last, loadedEnd);
  }

  // Rows first..<last between two spacers; a row still showing the same
  // item with the same selection is kept rather than built again. Every
  // snapshot brings new item objects, so an item is compared by what it
  // holds: a row rebuilt for an unchanged item would ask for its picture
  // again while the first request is still on its way.
  rows(first, last, total) {
    const kept = this.rendered ?? new Map();
    this.rendered = new Map();
    const rows = [this.spacerTop ??= el("tr", { class: "spacer", "aria-hidden": "true" })];
    const columns = JSON.stringify(this.list.columns);
    for (let index = first; index < last; index++) {
      const item = this.item(index);
      const selected = index === this.index;
      const picture = item ? this.picture?.(item) ?? null : null;
      const old = kept.get(index);
      const tr = old && sameItem(old.item, item) && old.selected === selected && old.columns === columns
        && old.picture === picture ? old.tr : this.row(index, picture);
      this.rendered.set(index, { tr, item, selected, columns, picture });
      rows.push(tr);
    }
    rows.push(this.spacerBottom ??= el("tr", { class: "spacer", "aria-hidden": "true" }));
    rows[0].style.height = `${first * ROW}px`;
    rows[rows.length - 1].style.height = `${(total - last) * ROW}px`;
    this.body.replaceChildren(...rows);
  }

  // The loaded rows reach the view: extend them by a page at the nearer end.
  step(first, last, loadedEnd) {
    const list = this.list;
    if (last > loadedEnd && list.hasMore && this.requested !== "more") {
      this.requested = "more";
      this.callbacks.more();
    } else if (first < list.offset && this.requested !== "previous") {
      this.requested = "previous";
      this.callbacks.previous();
    }
  }

  row(index, picture) {
    const item = this.item(index);
    const tr = el("tr", { "data-index": String(index), "aria-rowindex": String(index + 2) });
    tr.id = `row-${index}`;
    if (index === this.index) tr.setAttribute("aria-selected", "true");
    // A row not read yet is one cell across the table: a fast drag over a
    // long list builds these every frame.
    if (!item) {
      tr.append(el("td", { colspan: String(this.list.columns.length) }, "…"));
      return tr;
    }
    tr.dataset.id = item.id;
    for (const column of this.list.columns) tr.append(el("td", { class: column.alignment }, cellText(item, column)));
    // The row's picture (a cover) in its first cell; gone if refused.
    if (picture && tr.firstChild) tr.firstChild.prepend(pictureImage(picture, "thumb", ""));
    return tr;
  }

  key(event) {
    const page = Math.max(1, Math.floor(this.scroller.clientHeight / ROW) - 1);
    const moves = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    if (event.key in moves) this.move(this.index + moves[event.key], true);
    else if (event.key === "Home") this.move(0, true);
    else if (event.key === "End") this.move(this.total - 1, true);
    else if (event.key === "Enter") this.callbacks.activate(this.currentItem);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  // The row of the item with this id under the selection, scrolled into
  // view (an action's result is about it: a song put back, moved); an item
  // not loaded leaves the selection where it is.
  reveal(id) {
    const at = this.list?.items.findIndex((item) => item.id === id) ?? -1;
    if (at >= 0) this.move(this.list.offset + at, true);
  }

  move(index, scroll) {
    if (this.total === 0) return;
    this.index = Math.max(0, Math.min(this.total - 1, index));
    if (scroll) {
      const headHeight = this.head.offsetHeight || ROW;
      const y = this.index * ROW;
      const view = this.scroller.clientHeight - headHeight;
      if (y < this.scroller.scrollTop) this.scroller.scrollTop = y;
      else if (y + ROW > this.scroller.scrollTop + view) this.scroller.scrollTop = y + ROW - view;
    }
    this.scroller.setAttribute("aria-activedescendant", `row-${this.index}`);
    this.paint();
    this.callbacks.current(this.currentItem);
  }
}
"""#
}
