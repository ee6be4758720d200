import Foundation
import Testing
import TestSupport

/// ncdu's JSON export format, both ways, against the real `ncdu` (Debian's
/// package, installed by Tools/install-deps.sh): Facet's export is what
/// `ncdu -o` writes for the same tree and `ncdu -f` opens it; an export
/// `ncdu -o` wrote is browsed by `facet folders --import` with du's figures.
@Suite(.serialized) struct FolderNcduTests {
    let home = TemporaryDirectory("facet-home")
    let tree = TemporaryDirectory("facet-ncdu")
    let out = TemporaryDirectory("facet-ncdu-out")

    var root: String { tree.path.replacingOccurrences(of: "//", with: "/") }

    func makeTree() {
        tree.file("big/data", bytes: [UInt8](repeating: 1, count: 300_000))
        tree.file("big/sub/more", bytes: [UInt8](repeating: 2, count: 50_000))
        tree.file("big/sub/deeper/empty", "")
        tree.file("small/x", "12345")
        tree.file("odd/quote\"back\\slash", "q")
        tree.file("odd/tab\there é", "t")
        tree.file("loose.txt", "loose")
        tree.directory("empty")
        _ = link(root + "/big/data", root + "/small/data-link")
        _ = symlink("big/data", root + "/to-big")
    }

    func ncdu(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ncdu")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = ChildDeadline(process, seconds: 300)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let error = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.finish()
        if deadline.expired { throw deadline.failure("ncdu", stderr: String(decoding: error, as: UTF8.self)) }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: error, as: UTF8.self))
    }

    /// An export as a set of lines "path|asize|dsize|flags" (order-free:
    /// ncdu and Facet may list a folder's entries in different orders).
    func canonical(_ file: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        #expect(top.count >= 4)
        #expect(top[0] as? Int == 1)
        var lines: [String] = []
        func describe(_ object: [String: Any], at path: String) {
            var flags: [String] = []
            for key in ["ino", "hlnkc", "nlink", "notreg", "read_error", "excluded"] {
                if let value = object[key] { flags.append("\(key)=\(value)") }
            }
            lines.append("\(path)|\(object["asize"] as? Int ?? 0)|\(object["dsize"] as? Int ?? 0)|\(flags.joined(separator: ","))")
        }
        func walk(_ directory: [Any], at parent: String?) {
            guard let info = directory.first as? [String: Any], let name = info["name"] as? String else {
                Issue.record("a folder without its info object")
                return
            }
            let path = parent.map { $0 + "/" + name } ?? name
            describe(info, at: path)
            for element in directory.dropFirst() {
                if let sub = element as? [Any] {
                    walk(sub, at: path)
                } else if let file = element as? [String: Any] {
                    describe(file, at: path + "/" + (file["name"] as? String ?? "?"))
                }
            }
        }
        walk(top[3] as? [Any] ?? [], at: nil)
        return lines.sorted()
    }

    @Test func facetsExportIsWhatNcduWritesAndNcduOpensIt() throws {
        makeTree()
        let facetFile = out.path + "/facet.json"
        let result = try FacetProcess.run(["folders", root, "export", facetFile], home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Exported 16 entries"), "\(result.stderr)")
        #expect(result.stderr.contains("ncdu -f \(facetFile)"))

        let ncduFile = out.path + "/ncdu.json"
        #expect(try ncdu(["-0", "-o", ncduFile, root]).status == 0)
        let ours = try canonical(facetFile)
        #expect(ours.count == 16)
        #expect(ours == (try canonical(ncduFile)))

        // ncdu reads Facet's file (and writes it back out unchanged in substance).
        let reread = out.path + "/reread.json"
        let opened = try ncdu(["-0", "-f", facetFile, "-o", reread])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(try canonical(reread) == ours)
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: out.path)).contains { $0.contains(".facet-") })
    }

    /// Every entry's modification time, by path, as `ncdu -e` writes them.
    func mtimes(_ file: String) throws -> [String: Int] {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        var found: [String: Int] = [:]
        func walk(_ directory: [Any], at parent: String?) {
            guard let info = directory.first as? [String: Any], let name = info["name"] as? String else { return }
            let path = parent.map { $0 + "/" + name } ?? name
            found[path] = info["mtime"] as? Int
            for element in directory.dropFirst() {
                if let sub = element as? [Any] {
                    walk(sub, at: path)
                } else if let entry = element as? [String: Any], let name = entry["name"] as? String {
                    found[path + "/" + name] = entry["mtime"] as? Int
                }
            }
        }
        walk(top[3] as? [Any] ?? [], at: nil)
        return found
    }

    /// Facet's export carries each entry's mtime as ncdu's extended export
    /// does, so browsing it with `--import` shows the real dates.
    @Test func facetsExportCarriesModificationTimesThatImportShows() throws {
        makeTree()
        let known = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes([.modificationDate: known], ofItemAtPath: root + "/loose.txt")
        try FileManager.default.setAttributes([.modificationDate: known], ofItemAtPath: root + "/small")
        let facetFile = out.path + "/facet.json"
        #expect(try FacetProcess.run(["folders", root, "export", facetFile], home: home.path).status == 0)
        let ncduFile = out.path + "/ncdu.json"
        #expect(try ncdu(["-0", "-e", "-o", ncduFile, root]).status == 0)
        let ours = try mtimes(facetFile)
        #expect(ours.count == 16 && ours[root + "/loose.txt"] == 1_700_000_000, "\(ours)")
        #expect(ours == (try mtimes(ncduFile)))

        let listed = try FacetProcess.run(["folders", "--import", facetFile, "--files", "--json"], home: home.path)
        #expect(listed.status == 0, "\(listed.stderr)")
        let snapshot = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let items = ((snapshot["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        func modified(_ id: String) -> String? {
            (items.first { $0["id"] as? String == id }?["values"] as? [String: Any])?["modified"] as? String
        }
        #expect(modified("loose.txt")?.hasPrefix("2023-11-14T22:13:20") == true, "\(items)")
        #expect(modified("small")?.hasPrefix("2023-11-14T22:13:20") == true, "\(items)")
    }

    @Test func anExportNcduWroteIsBrowsedWithoutTheDisk() throws {
        makeTree()
        let ncduFile = out.path + "/ncdu.json"
        #expect(try ncdu(["-0", "-o", ncduFile, root]).status == 0)
        let total = try DiskUsage.apparentBytes(root)
        let big = try DiskUsage.apparentBytes(root + "/big")
        let small = try DiskUsage.apparentBytes(root + "/small")
        let odd = try DiskUsage.apparentBytes(root + "/odd")
        // Then the disk changes: the import still shows what was exported.
        tree.file("big/later", bytes: [UInt8](repeating: 9, count: 10_000))

        let listed = try FacetProcess.run(["folders", "--import", ncduFile, "--json"], home: home.path)
        #expect(listed.status == 0, "\(listed.stderr)")
        let snapshot = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let rows = ((snapshot["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        #expect(rows.first { $0["id"] as? String == "bytes" }?["data"] as? Int == Int(total))
        #expect(rows.first { $0["id"] as? String == "path" }?["value"] as? String == root)
        let items = ((snapshot["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        #expect(Set(items.compactMap { $0["id"] as? String }) == ["big", "small", "odd", "empty"])
        func bytes(_ id: String) -> Int? {
            (items.first { $0["id"] as? String == id }?["values"] as? [String: Any])?["bytes"] as? Int
        }
        #expect(bytes("odd") == Int(odd))
        // The 300,000-byte hard link is counted once, in whichever of the two the export lists first.
        #expect(bytes("big").flatMap { b in bytes("small").map { b + $0 } } == Int(big + small - 300_000))

        let inside = try FacetProcess.run(["folders", "--import", ncduFile, "open", "big", "--files"], home: home.path)
        #expect(inside.status == 0, "\(inside.stderr)")
        #expect(inside.stdout.contains("sub") && inside.stdout.contains("data") && !inside.stdout.contains("later"))
        let sub = try FacetProcess.run(["folders", "big/sub", "--import", ncduFile, "--files", "--json"], home: home.path)
        #expect(sub.stdout.contains("\"deeper\""), "\(sub.stdout)")
        let top = try FacetProcess.run(["folders", "--import", ncduFile, "up"], home: home.path)
        #expect(top.status != 0)
        let renamed = try FacetProcess.run(["folders", "--import", ncduFile, "rename", "big", "huge"], home: home.path)
        #expect(renamed.status != 0)
        #expect(FileManager.default.fileExists(atPath: root + "/big"))
    }

    @Test func aFileThatIsNotAnExportIsRefusedWithWhy() throws {
        let folder = out.path.replacingOccurrences(of: "//", with: "/")
        let notJSON = folder + "/broken.json"
        out.file("broken.json", "[1,2,{\"progname\":\"x\"},\n[{\"name\":\"/x\"},\n{\"name\":")
        let broken = try FacetProcess.run(["folders", "--import", notJSON], home: home.path)
        #expect(broken.status != 0)
        #expect(broken.stderr.contains("Cannot import \(notJSON): line 3:"), "\(broken.stderr)")
        let other = folder + "/other.json"
        out.file("other.json", "{\"name\": \"not ncdu\"}")
        let refused = try FacetProcess.run(["folders", "--import", other], home: home.path)
        #expect(refused.stderr.contains("not an ncdu JSON export"), "\(refused.stderr)")
        let missing = try FacetProcess.run(["folders", "--import", folder + "/none.json"], home: home.path)
        #expect(missing.stderr.contains("Cannot import \(folder)/none.json: no such file or directory"), "\(missing.stderr)")
    }
}
