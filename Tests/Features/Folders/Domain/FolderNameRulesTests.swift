import FoldersDomain
import KernelDomain
import Testing

@Suite struct FolderNameRulesTests {
    @Test(arguments: [
        ("", FolderNameRules.Problem.empty),
        ("a/b", .containsSlash),
        ("../x", .containsSlash),
        ("/", .containsSlash),
        (".", .dotName),
        ("..", .dotName),
        ("nul\u{0}byte", .controlCharacters),
        ("new\nline", .controlCharacters),
        ("esc\u{1B}[2J", .controlCharacters),
        ("del\u{7F}", .controlCharacters),
        ("c1\u{9B}x", .controlCharacters),
        (String(repeating: "x", count: 256), .tooLong(bytes: 256)),
        (String(repeating: "é", count: 150), .tooLong(bytes: 300)),
    ])
    func refusesBadNames(name: String, problem: FolderNameRules.Problem) {
        #expect(FolderNameRules.problem(with: name) == problem)
    }

    @Test(arguments: ["a", " spaced ", "...", ".hidden", "ünï😀", String(repeating: "x", count: 255), String(repeating: "é", count: 127)])
    func acceptsGoodNames(name: String) {
        #expect(FolderNameRules.problem(with: name) == nil)
    }

    @Test func errorsHaveStableCodesAndNameTheCause() {
        #expect(FolderError.exists("/t/b").code == "folder.exists")
        #expect(FolderError.exists("/t/b").message.contains("/t/b already exists"))
        #expect(FolderError.invalidName("", .empty).message == "The name \"\" must not be empty.")
        #expect(FolderError.crossDevice("/x").code == "folder.cross_device")
        #expect(FolderError.readOnly("/x").message == "/x is on a read-only file system.")
        #expect(FolderError.vanished("/x").category == .notFound)
    }
}

@Suite struct FolderPathTests {
    @Test func normalizesLexically() {
        #expect(FolderPath.normalize("a/../b/./c//", relativeTo: "/home/u") == "/home/u/b/c")
        #expect(FolderPath.normalize("/../..") == "/")
        #expect(FolderPath.normalize(".", relativeTo: "/tmp") == "/tmp")
    }

    @Test func namesParentsAndRebases() {
        #expect(FolderPath.name("/a/b") == "b")
        #expect(FolderPath.name("/") == "/")
        #expect(FolderPath.parent("/a/b") == "/a")
        #expect(FolderPath.parent("/a") == "/")
        #expect(FolderPath.parent("/") == nil)
        #expect(FolderPath.join("/", "x") == "/x")
        #expect(FolderPath.rebase("/a/b/c", from: "/a/b", to: "/a/z") == "/a/z/c")
        #expect(FolderPath.rebase("/a/bc", from: "/a/b", to: "/a/z") == nil)
    }
}
