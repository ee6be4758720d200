import Foundation
import KernelDomain
@testable import KernelServices
import TestSupport
import Testing

/// The live HTTP adapter against the loopback fixture: real sockets, real
/// timeouts, real retries (with short delays).
@Suite("Live HTTP client", .serialized)
struct LiveHTTPClientTests {
    static func client(timeoutMS: Int = 5000) -> LiveHTTPClient {
        LiveHTTPClient(configuration: HTTPClientConfiguration(
            connectTimeout: .seconds(2), requestTimeout: .milliseconds(timeoutMS), bodyLimit: 1 << 20,
            retryBaseDelay: .milliseconds(10)))
    }

    @Test func getsAPageWithHeaders() async throws {
        let server = try FixtureServer(arguments: ["--stars", "150"])
        let client = Self.client()
        let response = try await client.send(HTTPRequest(url: server.baseURL + "/users/octo/starred?per_page=100"))
        #expect(response.status == 200)
        #expect(response.headers["link"]?.contains("rel=\"next\"") == true)
        #expect(response.headers["ETAG"] != nil)
        await client.shutdown()
    }

    @Test func aStatusIsAnAnswerAndCheckedMakesItAnError() async throws {
        let server = try FixtureServer()
        let client = Self.client()
        let response = try await client.send(HTTPRequest(url: server.baseURL + "/users/ghost/starred"))
        #expect(response.status == 404)
        #expect(throws: HTTPError.self) { try response.checked() }
        let limited = try await client.send(HTTPRequest(url: server.baseURL + "/users/limited/starred"))
        #expect(limited.rateLimit == .rateLimited(resetAt: Date(timeIntervalSince1970: 2_000_000_000), retryAfter: nil))
        await client.shutdown()
    }

    @Test func refusedConnectionIsNamed() async throws {
        let client = Self.client()
        await #expect(throws: HTTPError.connectionRefused(host: "127.0.0.1")) {
            try await client.send(HTTPRequest(url: "http://127.0.0.1:9/"))
        }
        await client.shutdown()
    }

    @Test func unknownHostIsADNSFailure() async throws {
        let client = Self.client()
        await #expect(throws: HTTPError.dnsFailure(host: "no-such-host.invalid")) {
            try await client.send(HTTPRequest(url: "http://no-such-host.invalid/"))
        }
        await client.shutdown()
    }

    @Test func slowAnswerTimesOut() async throws {
        // The server answers after 10 s: well before that, even when this
        // test waits for the shared pool to resume it, the client gave up.
        let server = try FixtureServer(arguments: ["--slow", "10"])
        let client = Self.client(timeoutMS: 300)
        let started = ContinuousClock.now
        await #expect(throws: HTTPError.timeout(seconds: 0.3)) {
            try await client.send(HTTPRequest(url: server.baseURL + "/users/slow/starred"))
        }
        #expect(ContinuousClock.now - started < .seconds(6))
        await client.shutdown()
    }

    @Test func oversizedBodyIsRefused() async throws {
        let server = try FixtureServer(arguments: ["--huge-bytes", "2000000"])
        let client = Self.client()
        await #expect(throws: HTTPError.bodyTooLarge(limit: 1 << 20)) {
            try await client.send(HTTPRequest(url: server.baseURL + "/users/huge/starred"))
        }
        await client.shutdown()
    }

    @Test func retriesA429HonouringRetryAfterAndA500() async throws {
        let server = try FixtureServer(arguments: ["--stars", "3"])
        let client = Self.client()
        let started = ContinuousClock.now
        let busy = try await client.send(HTTPRequest(url: server.baseURL + "/users/busy/starred"))
        #expect(busy.status == 200)
        #expect(ContinuousClock.now - started >= .milliseconds(900))  // waited Retry-After: 1
        let flaky = try await client.send(HTTPRequest(url: server.baseURL + "/users/flaky/starred"))
        #expect(flaky.status == 200)
        let jammed = try await client.send(HTTPRequest(url: server.baseURL + "/users/jammed/starred"))
        #expect(jammed.status == 429)
        let attempts = try server.log().filter { ($0["path"] as? String)?.hasPrefix("/users/jammed") == true }.count
        #expect(attempts == 4)  // one try and at most three retries
        await client.shutdown()
    }

    /// Records what a streamed body's reader is given.
    final class RecordingReader: HTTPBodyReader {
        var begins: [Int?] = []
        var bytes: [UInt8] = []
        var pieces = 0

        func begin(expectedLength: Int?) {
            begins.append(expectedLength)
            bytes = []
        }

        func read(_ piece: UnsafeRawBufferPointer) {
            bytes.append(contentsOf: piece)
            pieces += 1
        }
    }

    /// A success's body goes to the reader as it arrives, with or without a
    /// declared length; any other answer keeps its body and never reaches
    /// the reader; the cap holds; a retried 500 reaches it once, with the
    /// final body.
    @Test func aSuccessBodyGoesToItsReaderPieceByPiece() async throws {
        let photos = try PhotosFixtureServer.shared()
        let client = LiveHTTPClient(configuration: HTTPClientConfiguration(
            connectTimeout: .seconds(2), requestTimeout: .seconds(30), bodyLimit: 4 << 20, retryBaseDelay: .milliseconds(10)))
        let plain = try await client.send(HTTPRequest(url: photos.baseURL("ok") + "/photos"))
        let whole = plain.body
        #expect(plain.bodyDigest == nil, "a digest only when asked for")
        let digested = try await client.send(HTTPRequest(url: photos.baseURL("ok") + "/photos", digestsBody: true))
        #expect(digested.body == whole && digested.bodyDigest == Array(SHA256.hash(data: whole)))
        for (mode, declared) in [("ok", Optional(whole.count)), ("chunked", nil)] {
            let reader = RecordingReader()
            let response = try await client.send(
                HTTPRequest(url: photos.baseURL(mode) + "/photos", digestsBody: true), reading: reader)
            #expect(response.status == 200)
            #expect(response.bodyDigest == Array(SHA256.hash(data: whole)), "\(mode): hashed as it was read")
            #expect(response.body.isEmpty, "\(mode): the body went to the reader")
            #expect(reader.begins == [declared], "\(mode)")
            #expect(reader.bytes == whole, "\(mode)")
            #expect(reader.pieces > 1, "\(mode): a megabyte arrives in pieces")
        }
        let missing = RecordingReader()
        let notFound = try await client.send(HTTPRequest(url: photos.baseURL("status/404") + "/photos"), reading: missing)
        #expect(notFound.status == 404)
        #expect(notFound.text.contains("fixture status 404"))
        #expect(missing.begins.isEmpty && missing.bytes.isEmpty)
        // An answer that is not streamed is hashed as it is collected.
        let kept = try await client.send(
            HTTPRequest(url: photos.baseURL("status/404") + "/photos", digestsBody: true), reading: RecordingReader())
        #expect(!kept.body.isEmpty && kept.bodyDigest == Array(SHA256.hash(data: kept.body)))
        let capped = RecordingReader()
        await #expect(throws: HTTPError.bodyTooLarge(limit: 1_000_000)) {
            try await client.send(
                HTTPRequest(.get, url: photos.baseURL("chunked-huge/2000000") + "/photos", bodyLimit: 1_000_000), reading: capped)
        }
        let server = try FixtureServer(arguments: ["--stars", "3"])
        let flaky = RecordingReader()
        let retried = try await client.send(HTTPRequest(url: server.baseURL + "/users/flaky/starred"), reading: flaky)
        #expect(retried.status == 200)
        #expect(flaky.begins.count == 1)
        #expect(String(decoding: flaky.bytes, as: UTF8.self).contains("full_name"))
        await client.shutdown()
    }

    @Test func doesNotRetryAPut() async throws {
        let server = try FixtureServer()
        let client = Self.client()
        let response = try await client.send(HTTPRequest(.put, url: server.baseURL + "/user/starred/a/b", headers: ["Authorization": "Bearer bad"]))
        #expect(response.status == 401)
        #expect(try server.log().count == 1)
        await client.shutdown()
    }

    @Test func redirectToAnotherHostDropsAuthorization() async throws {
        let server = try FixtureServer(arguments: ["--stars", "3"])
        let client = Self.client()
        let response = try await client.send(HTTPRequest(
            url: server.baseURL + "/users/moved/starred", headers: ["Authorization": "Bearer good"]))
        #expect(response.status == 200)
        let log = try server.log()
        #expect(log.count == 2)
        #expect(log.first?["authorization"] as? Bool == true)
        #expect((log.last?["host"] as? String)?.hasPrefix("localhost") == true)
        #expect(log.last?["authorization"] as? Bool == false)
        await client.shutdown()
    }
}

@Suite("HTTP retry and redirect rules")
struct HTTPPolicyTests {
    let policy = HTTPRetryPolicy(configuration: HTTPClientConfiguration(retryBaseDelay: .milliseconds(100)))

    @Test func retriesOnlyReads() {
        #expect(policy.decide(method: .put, response: HTTPResponse(status: 503), attempt: 0, jitter: 1) == .giveUp)
        #expect(policy.decide(method: .get, response: HTTPResponse(status: 503), attempt: 0, jitter: 1) == .retry(after: .milliseconds(100)))
        #expect(policy.decide(method: .get, response: HTTPResponse(status: 503), attempt: 3, jitter: 1) == .giveUp)
        #expect(policy.decide(method: .get, response: HTTPResponse(status: 404), attempt: 0, jitter: 1) == .giveUp)
        #expect(policy.decide(method: .get, response: HTTPResponse(status: 403, headers: ["X-RateLimit-Remaining": "0"]), attempt: 0, jitter: 1) == .giveUp)
    }

    @Test func honoursRetryAfterUnlessTooLong() {
        let soon = HTTPResponse(status: 429, headers: ["Retry-After": "2"])
        #expect(policy.decide(method: .get, response: soon, attempt: 0, jitter: 1) == .retry(after: .seconds(2)))
        let late = HTTPResponse(status: 429, headers: ["Retry-After": "3600"])
        #expect(policy.decide(method: .get, response: late, attempt: 0, jitter: 1) == .giveUp)
    }

    @Test func backoffIsJitteredAndGrows() {
        #expect(policy.backoff(attempt: 1, jitter: 0.5) == .milliseconds(100))
        #expect(policy.backoff(attempt: 2, jitter: 1) == .milliseconds(400))
        #expect(policy.decide(method: .get, error: .timeout(seconds: 1), attempt: 0, jitter: 1) == .giveUp)
        #expect(policy.decide(method: .get, error: .connectionRefused(host: "h"), attempt: 0, jitter: 1) != .giveUp)
    }

    @Test func crossHostRedirectStripsCredentials() throws {
        let request = HTTPRequest(url: "https://api.example.com/a", headers: ["Authorization": "Bearer x", "Accept": "a"])
        let same = try HTTPRedirectPolicy.next(after: request, response: HTTPResponse(status: 301, headers: ["Location": "/b"]))
        #expect(same?.url == "https://api.example.com/b")
        #expect(same?.headers["Authorization"] == "Bearer x")
        let other = try HTTPRedirectPolicy.next(after: request, response: HTTPResponse(status: 302, headers: ["Location": "https://evil.example.net/a"]))
        #expect(other?.headers["Authorization"] == nil)
        #expect(other?.headers["Accept"] == "a")
        let downgrade = try HTTPRedirectPolicy.next(after: request, response: HTTPResponse(status: 307, headers: ["Location": "http://api.example.com/a"]))
        #expect(downgrade?.headers["Authorization"] == nil)
        #expect(throws: HTTPError.self) {
            try HTTPRedirectPolicy.next(after: request, response: HTTPResponse(status: 302, headers: ["Location": "file:///etc/passwd"]))
        }
    }
}

@Suite("Web links and the URL opener")
struct URLOpenerTests {
    @Test func onlyHTTPSOnTheWebHost() throws {
        #expect(try WebLinkRules.check("https://github.com/a/b", webBase: "https://github.com") == "https://github.com/a/b")
        #expect(throws: URLOpenError.self) { try WebLinkRules.check("http://github.com/a/b", webBase: "https://github.com") }
        #expect(throws: URLOpenError.self) { try WebLinkRules.check("https://github.com.evil.net/a", webBase: "https://github.com") }
        #expect(throws: URLOpenError.self) { try WebLinkRules.check("https://github.com/a b", webBase: "https://github.com") }
        #expect(throws: URLOpenError.self) { try WebLinkRules.check("javascript:alert(1)", webBase: "https://github.com") }
    }

    @Test func noOpenerMeansPrint() async throws {
        let opener = ProcessURLOpener(environment: ["PATH": "/usr/bin:/bin"])
        #expect(opener.program == nil)
        #expect(try await opener.open("https://github.com/a/b") == false)
    }

    @Test func browserGetsTheURLAsOneArgument() async throws {
        let directory = TemporaryDirectory()
        let record = directory.path + "/args"
        let script = directory.path + "/browser"
        try "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(record)'\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let opener = ProcessURLOpener(environment: ["BROWSER": script, "PATH": "/usr/bin:/bin"])
        let url = "https://github.com/a/b?q=$(touch%20x);rm"
        #expect(try await Self.openRetryingBusyScript(opener, url))
        // The browser runs on its own: poll (with a deadline) until it has
        // written its whole line, rather than sleeping a guess.
        var recorded = ""
        for _ in 0..<250 where !recorded.hasSuffix("\n") {
            recorded = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
            if !recorded.hasSuffix("\n") { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(recorded == url + "\n")
    }

    /// A script written a moment ago can fail to exec with ETXTBSY: a child
    /// that another test forked at that instant still holds the write
    /// descriptor until its own exec. That race belongs to the test (no user
    /// writes their browser while opening a page), so it retries briefly;
    /// a launch that keeps failing still fails the test.
    static func openRetryingBusyScript(_ opener: ProcessURLOpener, _ url: String) async throws -> Bool {
        for _ in 0..<10 {
            do { return try await opener.open(url) } catch .launchFailed { try await Task.sleep(for: .milliseconds(100)) }
        }
        return try await opener.open(url)
    }
}
