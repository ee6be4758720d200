import Foundation
import JSONCore
import JSONRPC
import ScreenKit
import Testing

/// A sink that keeps every message, for in-process tests of a session.
@MainActor
final class CollectingSink: MessageSink {
    var messages: [String] = []
    var flushes = 0
    func send(_ message: [UInt8]) { messages.append(String(decoding: message, as: UTF8.self)) }
    func flush() { flushes += 1 }
}

/// A catalog with no screens: enough for the protocol itself.
@MainActor
final class EmptyCatalog: ScreenCatalog {
    var screens: [ScreenDescriptor] { [] }
    func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen {
        throw .notFound("no screens here", code: "unknown_screen")
    }
}

@MainActor
@Suite struct RPCSessionTests {
    let sink = CollectingSink()
    var session: RPCSession {
        RPCSession(catalog: EmptyCatalog(), home: ScreenRequest(screen: "none"), version: "test", sink: sink)
    }

    @Test(arguments: [
        "1e999999", "18446744073709551616", "-0", "1.50", "1E+2", #""a\u0041""#, "null", "7",
    ])
    func idIsEchoedByteForByte(id: String) async {
        let session = session
        await session.receive(line: Array(#"{"jsonrpc":"2.0","id": \#(id) ,"method":"initialize"}"#.utf8))
        #expect(sink.messages.count == 1)
        #expect(sink.messages.first?.hasPrefix(#"{"id":\#(id),"jsonrpc":"2.0","result":"#) == true, "\(sink.messages)")
        // Errors echo it too.
        await session.receive(line: Array(#"{"jsonrpc":"2.0","method":"nope","id":\#(id)}"#.utf8))
        #expect(sink.messages.last?.contains(#","id":\#(id),"jsonrpc""#) == true, "\(sink.messages)")
    }

    @Test func batchItemsKeepTheirOwnIds() async {
        let session = session
        await session.receive(line: Array(#"[{"jsonrpc":"2.0","id":1e400,"method":"initialize"}, 5, {"jsonrpc":"2.0","method":"x"}, {"jsonrpc":"2.0","id":99999999999999999999,"method":"x"}]"#.utf8))
        #expect(sink.messages.count == 1)
        let batch = sink.messages[0]
        #expect(batch.hasPrefix(#"[{"id":1e400,"#))
        #expect(batch.contains(#""id":null"#))  // the 5
        #expect(batch.contains(#""id":99999999999999999999,"#))
        // The notification in the middle got no reply: three replies.
        let parsed = try? JSONParser.parse(Array(batch.utf8))
        if case .array(let items)? = parsed { #expect(items.count == 3) } else { Issue.record("not an array: \(batch)") }
    }

    @Test func aLastRepeatedIdWinsAsInTheValue() async {
        let session = session
        await session.receive(line: Array(#"{"id":1,"jsonrpc":"2.0","id":2,"method":"initialize"}"#.utf8))
        #expect(sink.messages.first?.hasPrefix(#"{"id":2,"#) == true)
    }

    @Test func invalidIdsAndParseErrorsAnswerWithNull() async {
        let session = session
        await session.receive(line: Array(#"{"jsonrpc":"2.0","id":[1],"method":"initialize"}"#.utf8))
        await session.receive(line: Array(#"{"jsonrpc":"2.0","id":1"#.utf8))
        #expect(sink.messages.count == 2)
        #expect(sink.messages.allSatisfy { $0.contains(#""id":null"#) })
        #expect(sink.messages[0].contains("-32600") && sink.messages[1].contains("-32700"))
    }

    @Test func transportsAddMethodsAndBatchesFlushOnce() async {
        let session = session
        session.register("ping") { _ in Array(#""pong""#.utf8) }
        let line = Array(#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#.utf8)
        await session.receive(batch: [.line(line), .line(line), .tooLong(10)])
        #expect(sink.messages.prefix(2).allSatisfy { $0 == #"{"id":"p","jsonrpc":"2.0","result":"pong"}"# })
        #expect(sink.messages.last?.contains("line_too_long") == true)
        #expect(sink.flushes == 1)
    }
}
