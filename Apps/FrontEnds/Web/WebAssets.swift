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
        "path-field.js": Asset(text: PathFieldJS.text, type: javaScript),
        "names.js": Asset(text: namesModule, type: javaScript),
    ]

    /// The names every front end agrees on, from ScreenKit, so the page
    /// spells none of them itself: each is keyed by its camel-case form
    /// (`load-more` is `Action.loadMore`).
    static var namesModule: String {
        func object(_ names: [String]) -> String {
            "{" + names.map { "\"\(camelCase($0))\": \"\($0)\"" }.joined(separator: ", ") + "}"
        }
        let params = [
            StandardParam.field, StandardParam.value, StandardParam.item, StandardParam.text, StandardParam.by,
            StandardParam.descending, StandardParam.offset, StandardParam.yes, StandardParam.confirmPath,
        ]
        return "export const Action = \(object(StandardAction.all));\nexport const Param = \(object(params));\n"
            + "export const Key = \(object([StandardKey.enter]));\n" + asksFirstFunction
    }

    /// Whether the page asks before an action, from the effects that ask
    /// (`ActionEffect.asksFirst`), so the page decides it as every face does
    /// and learns a new effect without being edited.
    static var asksFirstFunction: String {
        let effects = ActionEffect.allCases.filter(\.asksFirst).map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        return "const asking = new Set([\(effects)]);\n"
            + "export function asksFirst(action) { return asking.has(action.effect); }\n"
    }

    static func camelCase(_ name: String) -> String {
        let words = name.split(separator: "-")
        return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
    }

    /// Every module app.js imports, fetched with the page rather than one
    /// import level after another.
    static var preloads: String {
        all.keys.filter { $0.hasSuffix(".js") && $0 != "app.js" }.sorted()
            .map { "<link rel=\"modulepreload\" href=\"/assets/\($0)\">" }.joined(separator: "\n")
    }

    /// The page; `secret` (the page secret, hex) only in the answer to the
    /// token, from where the page keeps it in its own storage.
    static func indexHTML(secret: String? = nil) -> String {
        let meta = secret.map { "<meta name=\"facet-page\" content=\"\($0)\">\n" } ?? ""
        return indexHead + meta + indexBody
    }

    static let indexHead = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">

        """

    static let indexBody = """
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Facet</title>
        <link rel="stylesheet" href="/assets/app.css">
        <script type="module" src="/assets/app.js"></script>
        \(preloads)
        </head>
        <body>
        <header><nav id="tabs" aria-label="Screens"></nav><span id="connection" role="status"></span></header>
        <div id="bars" hidden></div>
        <main id="screen" aria-live="polite"></main>
        <dialog id="prompt"></dialog>
        </body>
        </html>

        """
}
