import Foundation
import Testing
import TestSupport

/// Throws mutated, truncated, nested, badly encoded and batched JSON-RPC at
/// `facet --ui jsonl` and checks the contract: every intact
/// request with an id is answered exactly once, no id is answered twice,
/// and the process ends with status 0 at the end of its input.
@Suite struct JSONLinesFuzzTests {
    let home = TemporaryDirectory("facet-attack-home")
    let work = TemporaryDirectory("facet-attack-fuzz")

    static let templates = [
        #"{"jsonrpc":"2.0","id":ID,"method":"screens.list"}"#,
        #"{"jsonrpc":"2.0","id":ID,"method":"initialize","params":{}}"#,
        #"{"jsonrpc":"2.0","id":ID,"method":"no.such.method"}"#,
        #"{"jsonrpc":"2.0","id":ID,"method":"screen.snapshot","params":{"session":"nope"}}"#,
        #"{"id":ID,"jsonrpc":"2.0","method":"screens.list","params":[]}"#,
    ]

    /// One fuzz input: lines, and the ids that must be answered once each.
    struct Input {
        var data = Data()
        var tracked: Set<String> = []
    }

    static func make(lines: Int, batch: Int) -> Input {
        var generator = SystemRandomNumberGenerator()
        var input = Input()
        func tracked(_ counter: Int) -> String {
            let id = "t\(counter)"
            input.tracked.insert(id)
            return templates[counter % templates.count].replacingOccurrences(of: "ID", with: "\"\(id)\"")
        }
        for counter in 0..<lines {
            let dice = Int.random(in: 0..<100, using: &generator)
            var line: [UInt8]
            switch dice {
            case 0..<40:
                line = Array(tracked(counter).utf8)
            case 40..<45:
                line = Array(tracked(counter).utf8) + [0x0D]  // CRLF
            case 45..<50:
                line = Array(#"{"jsonrpc":"2.0","method":"screens.list"}"#.utf8)  // a notification: no answer
            default:
                // A mutated or truncated request with an id outside the tracked set.
                var bytes = Array(templates[counter % templates.count]
                    .replacingOccurrences(of: "ID", with: "\"m\(counter)\"").utf8)
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let at = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0..<6, using: &generator) {
                    case 0: bytes[at] = UInt8.random(in: 0...255, using: &generator)
                    case 1: bytes.remove(at: at)
                    case 2: bytes.insert([0x00, 0xFF, 0xC3, 0x22, 0x5C, 0x7B, 0x5B][Int.random(in: 0..<7, using: &generator)], at: at)
                    case 3: bytes = Array(bytes[..<at])
                    case 4: bytes.insert(contentsOf: Array(#""\ud800""#.utf8), at: at)
                    default: bytes.insert(contentsOf: Array("1e999999".utf8), at: at)
                    }
                    if bytes.isEmpty { bytes = [0x7B] }
                }
                line = bytes.filter { $0 != 0x0A }
            }
            input.data.append(contentsOf: line)
            input.data.append(0x0A)
        }
        // The specials: deep nesting, huge numbers, bad encodings, a batch.
        input.data.append(contentsOf: [UInt8](repeating: 0x5B, count: 1_000_000) + [0x0A])
        input.data.append(contentsOf: Array(#"{"jsonrpc":"2.0","id":"big","method":"screens.list","params":{"n":1e999999}}"#.utf8) + [0x0A])
        input.data.append(contentsOf: Array(#"{"jsonrpc":"2.0","id":"nul","method":"screens.list"#.utf8) + [0x00] + Array(#""}"#.utf8) + [0x0A])
        input.data.append(contentsOf: Array(#"{"jsonrpc":"2.0","id":"\#u{FFFD}","method":"x"}"#.utf8).map { $0 == 0xEF ? 0xFF : $0 } + [0x0A])
        let batchItems = (0..<batch).map { tracked(lines + $0) }
        input.data.append(contentsOf: Array(("[" + batchItems.joined(separator: ",") + "]").utf8) + [0x0A])
        // Last: an intact request with no final newline.
        input.data.append(contentsOf: Array(tracked(lines + batch).utf8))
        return input
    }

    @Test func everyIntactRequestIsAnsweredOnceAndTheProcessSurvives() async throws {
        let input = Self.make(lines: Attack.fuzzLines, batch: Attack.batchSize)
        let file = work.path + "/input.jsonl"
        try input.data.write(to: URL(fileURLWithPath: file))
        let result = try await Attack.shell(#""$FACET" --ui jsonl < "$IN"; echo "status $?" >&2"#,
                                      home: home.path, environment: ["IN": file])
        #expect(result.stderr.contains("status 0"), "\(result.stderr.suffix(2000))")
        #expect(!Attack.crashed(result.stderr))
        var answers: [String: Int] = [:]
        for line in result.stdout.split(separator: 0x0A) {
            guard let message = try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed]) else {
                Issue.record("an answer that is not JSON: \(String(decoding: line.prefix(200), as: UTF8.self))")
                continue
            }
            let messages = (message as? [[String: Any]]) ?? [(message as? [String: Any]) ?? [:]]
            for message in messages {
                if let id = message["id"] as? String { answers[id, default: 0] += 1 }
            }
        }
        let missing = input.tracked.filter { answers[$0] == nil }
        #expect(missing.isEmpty, "\(missing.count) unanswered, e.g. \(missing.prefix(5))")
        // A mutation can turn one id into another ("m791" → "m79"): an id may
        // be answered as many times as lines carry it, never more.
        let lines = input.data.split(separator: 0x0A)
        let repeated = answers.filter { id, count in
            guard count > 1 else { return false }
            if input.tracked.contains(id) { return true }
            let marker = Array("\"\(id)\"".utf8)
            let carriers = lines.filter { line in line.count < 1000 && line.firstRange(of: marker) != nil }.count
            return count > carriers
        }
        #expect(repeated.isEmpty, "answered more than once: \(Array(repeated))")
    }
}
