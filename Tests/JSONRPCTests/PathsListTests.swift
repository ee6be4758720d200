import Foundation
import JSONCore
import JSONRPC
import ScreenKit
import Testing

/// `paths.list`: a path field's completion, listed by the process whose
/// screens take the path (the remote end of `--connect ssh://`), with a
/// clear error for a path that is not one.
@MainActor
@Suite struct PathsListTests {
    let sink = CollectingSink()

    func call(_ params: String) async -> String {
        let session = RPCSession(catalog: EmptyCatalog(), home: ScreenRequest(screen: "none"), version: "test", sink: sink)
        await session.receive(line: Array(#"{"jsonrpc":"2.0","id":1,"method":"paths.list","params":\#(params)}"#.utf8))
        return sink.messages.last ?? ""
    }

    @Test func listsTheFolderOfTheTypedPath() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("facet-paths-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/mixes", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: folder + "/mine.m3u", contents: Data())
        let reply = await call(#"{"path":"\#(folder)/mi"}"#)
        let result = try #require((try JSONParser.parse(Array(reply.utf8)))["result"])
        #expect(result["names"] == .array([.string("mine.m3u"), .string("mixes/")]), "\(reply)")
        #expect(result["total"] == .int(2))
        #expect(result["completion"] == .string(folder + "/mi"))
    }

    @Test func aPathThatIsNotOneIsRefused() async {
        #expect(await call(#"{"path":7}"#).contains("-32602"))
        #expect(await call("{}").contains("'path' must be the path typed so far"))
        let long = String(repeating: "a", count: 5000)
        #expect(await call(#"{"path":"\#(long)"}"#).contains("longer than any path"))
    }
}
