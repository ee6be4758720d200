import Foundation
import JSONCore
import JSONRPC
import ScreenKit
import Testing

/// JSONCore's writer and ScreenKit's snapshot encoding keep two copies of
/// one rule (neither module may import the other); here they must agree on
/// every scalar, and a snapshot sent over JSON-RPC carries the escapes.
@Suite struct InvisibleScalarsAgreementTests {
    @Test func bothRulesEscapeTheSameScalars() {
        for value in UInt32(0)...0x10FFFF where JSONInvisibleScalars.escapes(value) != JSONInvisibleText.escapes(value) {
            Issue.record("U+\(String(value, radix: 16)) differs")
        }
    }

    @Test func theSnapshotEncodingEscapesWhatTheWriterEscapes() throws {
        var text = ""
        for value in UInt32(0x20)...0x3000 { if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) } }
        let encoded = SnapshotJSON.data([text])
        #expect(try JSONSerialization.jsonObject(with: encoded) as? [String] == [text])
        // Foundation's encoder escapes only what JSON requires, so past that
        // the bytes are the writer's: the same escapes, the same characters.
        let writer = String(decoding: JSONWriter.bytes(.array([.string(text)])), as: UTF8.self)
        let snapshot = String(decoding: encoded, as: UTF8.self)
        #expect(snapshot.replacingOccurrences(of: #"\/"#, with: "/") == writer)
    }
}
