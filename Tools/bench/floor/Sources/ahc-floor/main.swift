import AsyncHTTPClient

// `facet photos reload`'s transfer without Facet: one GET on the shared
// event loop group, the whole body collected (no parse, no store).
let client = HTTPClient(eventLoopGroupProvider: .singleton)
let response = try await client.execute(HTTPClientRequest(url: CommandLine.arguments[1]), timeout: .seconds(30))
let body = try await response.body.collect(upTo: 64 << 20)
try await client.shutdown()
print(body.readableBytes)
