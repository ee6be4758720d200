import Foundation
import Hummingbird
import ScreenKit

/// `GET /complete?path=TEXT`: what a path field's text can become, for the
/// page's suggestions and its Tab. Answered only after the access guard, as
/// everything else: the listing of the user's folders is the user's.
///
/// The answer is JSON (`folder`, `names`, `total`, `completion`); names come
/// from the disk and the page puts them in as text.
enum PathCompletionResponder {
    static let path = "/complete"

    struct Answer: Encodable {
        var folder: String
        var names: [String]
        var total: Int
        var completion: String
    }

    /// The page encodes the text with `encodeURIComponent`: percent escapes only, no `+` for a space.
    /// `list` lists on the machine whose paths the screens take (another
    /// host's, for a core reached through ssh).
    static func respond(query: String, list: (String) async -> PathCompletion.Listing) async -> Response {
        guard let raw = WebResponder.queryValue("path", in: query), let typed = String(raw).removingPercentEncoding,
            typed.utf8.count <= PathCompletion.longestTypedPath
        else {
            return WebResponder.text(.badRequest, "Give the path typed so far as ?path=TEXT.\n")
        }
        let listing = await list(typed)
        let answer = Answer(folder: listing.folder, names: listing.names, total: listing.total, completion: listing.completion)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(answer) else {
            return WebResponder.text(.internalServerError, "The names could not be written as JSON.\n")
        }
        return WebResponder.body(.ok, String(decoding: data, as: UTF8.self), type: "application/json; charset=utf-8")
    }
}
