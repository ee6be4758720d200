import ScreenKit

/// The page and its assets, compiled into the binary: plain HTML, CSS and
/// JavaScript modules, no build step, nothing fetched from elsewhere.
enum WebAssets {
    struct Asset {
        var text: String
        var type: String
    }

    static let javaScript = "text/javascript; charset=utf-8"

    static let all: [String: Asset] = [
        "app.css": Asset(text: AppCSS.text, type: "text/css; charset=utf-8"),
        "app.js": Asset(text: AppJS.text, type: javaScript),
        "rpc.js": Asset(text: RpcJS.text, type: javaScript),
        "render.js": Asset(text: RenderJS.text, type: javaScript),
        "table.js": Asset(text: TableJS.text, type: javaScript),
        "prompt.js": Asset(text: PromptJS.text, type: javaScript),
        "names.js": Asset(text: namesModule, type: javaScript),
    ]

    /// The names every front end agrees on, from ScreenKit, so the page
    /// spells none of them itself.
    static var namesModule: String {
        func object(_ pairs: [(String, String)]) -> String {
            "{" + pairs.map { "\"\($0.0)\": \"\($0.1)\"" }.joined(separator: ", ") + "}"
        }
        let actions = object([
            ("setField", StandardAction.setField), ("loadMore", StandardAction.loadMore),
            ("loadPrevious", StandardAction.loadPrevious), ("reload", StandardAction.reload),
            ("filter", StandardAction.filter), ("sort", StandardAction.sort), ("select", StandardAction.select),
            ("open", StandardAction.open), ("openURL", StandardAction.openURL), ("up", StandardAction.up),
        ])
        let params = object([
            ("field", StandardParam.field), ("value", StandardParam.value), ("item", StandardParam.item),
            ("text", StandardParam.text), ("by", StandardParam.by), ("descending", StandardParam.descending),
        ])
        let keys = object([("filter", StandardKey.filter), ("enter", StandardKey.enter)])
        return "export const Action = \(actions);\nexport const Param = \(params);\nexport const Key = \(keys);\n"
    }

    static let indexHTML = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Facet</title>
        <link rel="stylesheet" href="/assets/app.css">
        <script type="module" src="/assets/app.js"></script>
        </head>
        <body>
        <header><nav id="tabs" aria-label="Screens"></nav><span id="connection" role="status"></span></header>
        <main id="screen" aria-live="polite"></main>
        <dialog id="prompt"></dialog>
        </body>
        </html>

        """
}
