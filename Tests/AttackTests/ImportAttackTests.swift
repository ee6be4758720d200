import Foundation
import Testing
import TestSupport

/// Crafted ncdu exports: sizes are checked arithmetic (a sum past a byte
/// count and a negative size are refused with the line, never a crash), an
/// import cannot end a long-running process, and its memory is the tree's,
/// not the file's.
@Suite struct ImportAttackTests {
    let home = TemporaryDirectory("facet-attack-home")
    let dir = TemporaryDirectory("facet-attack-imports")

    static let overflowing = #"[1,2,{},[{"name":"/x"},{"name":"a","asize":9223372036854775807},{"name":"b","asize":9223372036854775807}]]"#
    static let negative = #"[1,2,{},[{"name":"/x"},{"name":"a","asize":-5,"dsize":4096}]]"#
    static let fine = #"[1,2,{},[{"name":"/x"},{"name":"a","asize":7}]]"#

    @Test func sizesThatAddUpPastAByteCountAreRefusedNotACrash() async throws {
        let file = dir.file("overflow.json", Self.overflowing)
        let result = try await Attack.shell(#""$FACET" folders --import "$F""#, home: home.path, environment: ["F": file])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(!Attack.crashed(result.stderr))
        #expect(result.stderr.contains("add up to more than 9223372036854775807 bytes; nothing was imported"), "\(result.stderr)")
    }

    @Test func aNegativeSizeIsRefusedWithItsLine() async throws {
        let file = dir.file("negative.json", Self.negative)
        let result = try await Attack.shell(#""$FACET" folders --import "$F""#, home: home.path, environment: ["F": file])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(#"line 1: "asize" must not be negative (it is -5)"#), "\(result.stderr)")
    }

    /// The same crafted file over JSON lines: an invalid-params error, and
    /// the session goes on to import a good file.
    @Test func aCraftedImportDoesNotEndALongRunningSession() throws {
        let bad = dir.file("overflow.json", Self.overflowing)
        let good = dir.file("fine.json", Self.fine)
        let session = try JSONLSession(home: home.path)
        let refused = try session.request("screen.open", ["screen": "folders", "params": ["import": bad]])
        #expect((refused["error"] as? [String: Any])?["code"] as? Int == -32602, "\(refused)")
        let opened = try session.request("screen.open", ["screen": "folders", "params": ["import": good]])
        #expect(opened["result"] != nil, "\(opened)")
        #expect(try session.finish() == 0)
    }

    /// Long mode: a ~100 MB export of 1.25 million entries; short mode a
    /// ~24 MB one. The file is mapped and given back as it is read, and the
    /// tree is kept in columns with its names in one buffer, so an entry
    /// costs about what it does in ncdu's own tree; reading the file into
    /// memory first, or an object and a String per entry, would each add
    /// more than the margin here.
    @Test func aLargeImportsMemoryIsTheTreesNotTheFilesToo() async throws {
        let folders = Attack.long ? 1_250 : 300
        let file = dir.path + "/big.json"
        let made = try await Attack.shell(#"""
            python3 - "$F" "$N" <<'PY'
            import sys
            n = 0
            with open(sys.argv[1], 'w') as f:
                f.write('[1,2,{"progname":"attack"},\n[{"name":"/data","asize":4096}')
                for d in range(int(sys.argv[2])):
                    f.write(',\n[{"name":"folder-%05d","asize":4096}' % d)
                    for i in range(1000):
                        f.write(',\n{"name":"file-number-%07d.dat","asize":%d,"dsize":4096,"mtime":1700000000}' % (n, 1000 + i))
                        n += 1
                    f.write(']')
                f.write(']]\n')
            PY
            """#, home: home.path, environment: ["F": file, "N": String(folders)])
        try #require(made.status == 0, "\(made.stderr)")
        let fileBytes = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        let small = dir.file("fine.json", Self.fine)
        let peak = try await peakKiB(file)
        let base = try await peakKiB(small)
        let entries = folders * 1_001 + 1
        let perEntry = (peak - base) * 1024 / entries
        print("import of \(fileBytes) bytes, \(entries) entries: peak \(peak) KiB, \(base) KiB for a tiny one; \(perEntry) bytes an entry")
        #expect(perEntry < 170, "\(perEntry) bytes an entry")
    }

    /// Peak RSS in KiB of `facet folders --import FILE --json`, as the
    /// kernel accounts it for a finished child.
    func peakKiB(_ file: String) async throws -> Int {
        let measured = try await Attack.shell(#"""
            python3 - "$FACET" "$F" <<'PY'
            import resource, subprocess, sys
            out = subprocess.run([sys.argv[1], "folders", "--import", sys.argv[2], "--json"], capture_output=True, timeout=600)
            print(out.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            PY
            """#, home: home.path, environment: ["F": file])
        let fields = measured.out.split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(fields.first == 0, "\(measured.out) \(measured.stderr)")
        return try #require(fields.last ?? nil)
    }
}
