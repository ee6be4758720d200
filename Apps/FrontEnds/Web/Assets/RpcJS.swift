/// The page's JSON-RPC client over its one WebSocket.
enum RpcJS {
    static let text = #"""
// The page secret: given with the page that showed the token, then kept in
// this origin's storage (per port: no other local server's page can read
// it) for reloads and other tabs. The token leaves the address at once,
// also when the page came from the cookie alone (an old link).
export const pageSecret = (() => {
  const meta = document.querySelector('meta[name="facet-page"]');
  if (meta) {
    localStorage.setItem("facet-page", meta.content);
    meta.remove();
  }
  const query = new URLSearchParams(location.search);
  if (query.has("token")) {
    query.delete("token");
    const rest = query.toString();
    history.replaceState(null, "", location.pathname + (rest ? `?${rest}` : ""));
  }
  return localStorage.getItem("facet-page") ?? "";
})();

// One WebSocket, JSON-RPC 2.0: requests get promises, screen.changed goes to a listener.
export class Rpc {
  constructor(onChange, onState) {
    this.onChange = onChange;
    this.onState = onState;
    this.next = 1;
    this.waiting = new Map();
    this.ready = this.connect();
  }

  connect() {
    return new Promise((resolve, reject) => {
      const scheme = location.protocol === "https:" ? "wss:" : "ws:";
      const socket = new WebSocket(`${scheme}//${location.host}/rpc?page=${encodeURIComponent(pageSecret)}`);
      socket.onopen = () => { this.socket = socket; this.onState("connected"); resolve(); };
      socket.onerror = () => reject(new Error("the connection to facet failed"));
      socket.onclose = () => {
        this.onState("disconnected");
        for (const { fail } of this.waiting.values()) fail(new Error("the connection to facet closed"));
        this.waiting.clear();
      };
      socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    });
  }

  receive(message) {
    if (Array.isArray(message)) { message.forEach((m) => this.receive(m)); return; }
    if (message.method === "screen.changed") { this.onChange(message.params); return; }
    const pending = this.waiting.get(message.id);
    if (!pending) return;
    this.waiting.delete(message.id);
    if (message.error) pending.fail(Object.assign(new Error(message.error.message), { rpc: message.error }));
    else pending.done(message.result);
  }

  async call(method, params = {}) {
    await this.ready;
    const id = this.next++;
    return new Promise((done, fail) => {
      this.waiting.set(id, { done, fail });
      this.socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    });
  }
}
"""#
}
