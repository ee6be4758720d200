import KernelDomain
import Testing

/// A client that cannot stream still serves a body reader: a success's
/// whole body, once, after the fact; any other answer keeps its body.
@Suite struct HTTPBodyReaderDefaultTests {
    struct Answering: HTTPClient {
        let response: HTTPResponse
        func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse { response }
    }

    final class Reader: HTTPBodyReader {
        var begins: [Int?] = []
        var bytes: [UInt8] = []
        func begin(expectedLength: Int?) { begins.append(expectedLength) }
        func read(_ piece: UnsafeRawBufferPointer) { bytes.append(contentsOf: piece) }
    }

    @Test func aSuccessGoesToTheReaderWholeAndAnythingElseStays() async throws {
        let ok = Reader()
        let served = try await Answering(response: HTTPResponse(status: 200, body: Array("[1,2]".utf8)))
            .send(HTTPRequest(url: "http://x/"), reading: ok)
        #expect(served.status == 200 && served.body.isEmpty)
        #expect(ok.begins == [5] && ok.bytes == Array("[1,2]".utf8))
        let failed = Reader()
        let error = try await Answering(response: HTTPResponse(status: 500, body: Array("oops".utf8)))
            .send(HTTPRequest(url: "http://x/"), reading: failed)
        #expect(error.status == 500 && error.text == "oops")
        #expect(failed.begins.isEmpty && failed.bytes.isEmpty)
    }
}
