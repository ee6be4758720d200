import Foundation
import JSONRPC
import Testing

/// The stdout sink's framing and its pipe: big pipelined answers must not
/// make writer and reader take turns every 64 KiB.
@MainActor
@Suite struct FileDescriptorSinkTests {
    /// Linux's `F_GETPIPE_SZ`.
    static let getPipeSize: Int32 = 1032

    @Test func raisesThePipeItWritesTo() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let before = fcntl(ends[1], Self.getPipeSize)
        _ = FileDescriptorSink(fd: ends[1])
        let after = fcntl(ends[1], Self.getPipeSize)
        #expect(before == 65536)
        #expect(after == 1 << 20, "pipe buffer \(after) bytes")
    }

    @Test func leavesOtherDescriptorsAlone() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID().uuidString)").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        defer { close(fd); unlink(path) }
        let sink = FileDescriptorSink(fd: fd)
        sink.send(Array(#"{"a":1}"#.utf8))
        sink.send(Array(#"{"b":2}"#.utf8))
        sink.flush()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"a\":1}\n{\"b\":2}\n")
        #expect(!sink.isClosed)
    }

    @Test func messagesLargerThanThePipeArriveWholeAndInOrder() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let readEnd = ends[0]
        defer { close(readEnd) }
        let sink = FileDescriptorSink(fd: ends[1])
        // 3 MiB in 100 messages: more than the raised pipe holds, so the
        // reader below must drain while the sink writes.
        let reader = Task.detached { () -> [UInt8] in
            var all: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                all += chunk[0..<count]
            }
            return all
        }
        for index in 0..<100 {
            sink.send(Array("\(index):".utf8) + [UInt8](repeating: 0x61, count: 30_000))
        }
        sink.flush()
        close(ends[1])
        let lines = await reader.value.split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(lines.count == 101)
        for (index, line) in lines.dropLast().enumerated() {
            #expect(line.starts(with: Array("\(index):".utf8)) && line.count == "\(index):".utf8.count + 30_000)
        }
    }
}
