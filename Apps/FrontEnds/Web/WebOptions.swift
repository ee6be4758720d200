import ScreenKit

/// `facet --ui web [--listen ADDR:PORT] [--open]` or `facet --ui web --list`, parsed.
struct WebOptions: Equatable {
    static let usage = "usage: facet --ui web [--listen ADDR:PORT] [--open] | facet --ui web --list"

    /// Loopback unless `--listen` says otherwise; port 0 lets the system choose.
    var host = "127.0.0.1"
    var port = 0
    var openBrowser = false
    var help = false
    /// Print the URL of each running web server instead of starting one.
    var list = false

    /// Whether only this machine can reach the server.
    var isLoopback: Bool { WebOptions.loopbackHosts.contains(host.lowercased()) || host.hasPrefix("127.") }

    static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]

    init() {}

    init(parsing arguments: [String]) throws(WebOptionError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--open": openBrowser = true
            case "--help", "-h": help = true
            case "--list": list = true
            case "--listen":
                guard let value = rest.popFirst() else { throw WebOptionError("--listen needs ADDR:PORT") }
                try parseListen(value)
            default:
                if argument.hasPrefix("--listen=") {
                    try parseListen(String(argument.dropFirst("--listen=".count)))
                } else {
                    throw WebOptionError("unexpected '\(TerminalText.sanitize(argument))'")
                }
            }
        }
    }

    /// `ADDR:PORT`, `[V6]:PORT` or `:PORT` (loopback).
    private mutating func parseListen(_ value: String) throws(WebOptionError) {
        guard let colon = value.lastIndex(of: ":"), let number = Int(value[value.index(after: colon)...]),
            (0...65535).contains(number)
        else { throw WebOptionError("--listen wants ADDR:PORT, not '\(TerminalText.sanitize(value))'") }
        var address = String(value[..<colon])
        if address.hasPrefix("["), address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
        if !address.isEmpty { host = address }
        port = number
    }
}

struct WebOptionError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
