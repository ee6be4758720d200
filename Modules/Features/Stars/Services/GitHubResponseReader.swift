import Foundation
import JSONCore
import KernelDomain
import KernelServices
import StarsDomain

/// Reads GitHub's answers: statuses into `StarsError`, bodies into
/// repositories, headers into the rate-limit status.
enum GitHubResponseReader {
    static func check(_ response: HTTPResponse, user: String) throws(StarsError) {
        if response.isSuccess { return }
        let message = (try? JSONParser.parse(response.body))?["message"]?.stringValue ?? ""
        switch response.status {
        case 401: throw .badToken
        case 404: throw .unknownUser(user)
        case 403, 429:
            let headers = response.headers
            if headers["X-RateLimit-Remaining"] == "0" {
                throw .rateLimited(resetAt: headers["X-RateLimit-Reset"].flatMap(Double.init).map(Date.init(timeIntervalSince1970:)))
            }
            if let wait = HTTPTime.retryAfter(headers["Retry-After"]) { throw .secondaryRateLimit(retryAfter: wait) }
            if message.localizedCaseInsensitiveContains("secondary rate limit") { throw .secondaryRateLimit(retryAfter: nil) }
            if response.status == 429 { throw .rateLimited(resetAt: nil) }
            throw .server(status: 403, message: String(message.prefix(200)))
        default:
            throw .server(status: response.status, message: String(message.prefix(200)))
        }
    }

    static func rateLimit(_ headers: HTTPHeaders) -> RateLimitStatus? {
        guard let limit = headers["X-RateLimit-Limit"].flatMap(Int.init),
              let remaining = headers["X-RateLimit-Remaining"].flatMap(Int.init) else { return nil }
        return RateLimitStatus(
            limit: limit, remaining: remaining,
            resetAt: headers["X-RateLimit-Reset"].flatMap(Double.init).map(Date.init(timeIntervalSince1970:)))
    }

    /// A page of `star+json` items (`{starred_at, repo}`), or plain repositories.
    static func stars(_ body: [UInt8]) throws(StarsError) -> [StarredRepository] {
        let value: JSONValue
        do {
            value = try JSONParser.parse(body)
        } catch {
            throw .malformed("invalid JSON (\(error.description))")
        }
        guard case .array(let items) = value else { throw .malformed("expected a list, got \(value.typeName)") }
        var stars: [StarredRepository] = []
        stars.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let repo = item["repo"] ?? item
            guard case .int(let id) = repo["id"] ?? .null, let fullName = repo["full_name"]?.stringValue else {
                throw .malformed("item \(index + 1) has no id or full_name")
            }
            let license = repo["license"]
            stars.append(StarredRepository(
                id: Int64(id), fullName: fullName, description: repo["description"]?.stringValue,
                language: repo["language"]?.stringValue, stars: int(repo["stargazers_count"]),
                forks: int(repo["forks_count"]), openIssues: int(repo["open_issues_count"]),
                archived: repo["archived"] == .bool(true), homepage: repo["homepage"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
                license: license?["spdx_id"]?.stringValue.flatMap { $0 == "NOASSERTION" ? nil : $0 } ?? license?["name"]?.stringValue,
                topics: strings(repo["topics"]), pushedAt: GitHubTime.parse(repo["pushed_at"]?.stringValue),
                starredAt: GitHubTime.parse(item["starred_at"]?.stringValue),
                defaultBranch: repo["default_branch"]?.stringValue))
        }
        return stars
    }

    static func int(_ value: JSONValue?) -> Int {
        if case .int(let number) = value ?? .null { return number }
        return 0
    }

    static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let items) = value ?? .null else { return [] }
        return items.compactMap(\.stringValue)
    }
}

/// GitHub's timestamps (`2026-11-22T14:05:00Z`), read without a formatter:
/// a full sync reads tens of thousands of them.
enum GitHubTime {
    static func parse(_ text: String?) -> Date? {
        guard let text else { return nil }
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A
        else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[from..<(from + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
              let minute = number(14, 2), let second = number(17, 2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }
}
