import AsyncHTTPClient
import Foundation

// `facet photos reload`'s transfer without Facet: one GET on the shared
// event loop group, the whole body collected (no parse, no store). The main
// thread drains the main queue as `Launcher.main()` does: an async main's
// `dispatch_main()` unwinds the main thread, which a static binary pays for
// by sorting every unwind entry first (~20 ms).
Task {
    let client = HTTPClient(eventLoopGroupProvider: .singleton)
    let response = try await client.execute(HTTPClientRequest(url: CommandLine.arguments[1]), timeout: .seconds(30))
    let body = try await response.body.collect(upTo: 64 << 20)
    try await client.shutdown()
    print(body.readableBytes)
    exit(0)
}
while true { RunLoop.main.run() }
