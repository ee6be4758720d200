import KernelDomain
import KernelServices
import StarsDomain

/// RFC 8288 `Link` header reading, as much as GitHub's paging needs:
/// `<https://…&page=2>; rel="next", <…>; rel="last"`.
enum GitHubLinkHeader {
    /// The URL whose `rel` includes `next`, if any.
    static func next(_ header: String?) -> String? {
        guard let header else { return nil }
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map(\.trimmingWhiteSpace)
            guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let isNext = pieces.dropFirst().contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingWhiteSpace.lowercased() == "rel" else { return false }
                // A quoted list of relation types: rel="prev next".
                return pair[1].split(whereSeparator: { $0 == "\"" || $0.isWhitespace }).contains("next")
            }
            if isNext { return String(target.dropFirst().dropLast()) }
        }
        return nil
    }
}

import Foundation
