import FoldersDomain
import Glibc
import Testing

/// The exclude patterns match names exactly as `fnmatch(3)` without flags
/// does (what `du --exclude` uses), checked against the C library itself.
@Suite struct FolderExcludePatternsTests {
    static let patterns = [
        ".git", "node_modules", "*.cache", "*", "?", "a*b", "*a*", "[ab]*", "[!ab]*", "[^.]*", "[a-c]x", "[]]", "[]a]*",
        "\\*", "a\\?b", "*.tar.*", ".*", "*~", "x[!-]y", "**", "a*a*a", "[.]git", "ün*",
    ]
    static let names = [
        ".git", "git", "node_modules", "node_modules2", "build.cache", ".cache", "cache", "a", "ab", "axb", "b", "c",
        "bx", "dx", "]", "*", "?", "a?b", "axxb", "x.tar.gz", "notes~", "x-y", "xzy", "aaa", "aa", "ünïcode", "", "A.git",
    ]

    @Test func matchesAsFnmatchDoes() throws {
        for pattern in Self.patterns {
            let excluded = try FolderExcludePatterns([pattern])
            for name in Self.names {
                let expected = fnmatch(pattern, name, 0) == 0
                #expect(excluded.matches(name) == expected, "pattern \(pattern) name \(name)")
            }
        }
    }

    @Test func anyOfSeveralPatternsExcludes() throws {
        let excluded = try FolderExcludePatterns([".git", "node_modules", "*.cache"])
        #expect(excluded.matches(".git") && excluded.matches("node_modules") && excluded.matches("x.cache"))
        #expect(!excluded.matches("src") && !excluded.matches(".gitignore"))
        #expect(!FolderExcludePatterns.none.matches("anything"))
    }

    @Test func badPatternsAreRefusedWithTheirReason() {
        #expect(throws: FolderExcludePatterns.Problem.empty) { try FolderExcludePatterns([""]) }
        #expect(throws: FolderExcludePatterns.Problem.containsSlash("a/b")) { try FolderExcludePatterns([".git", "a/b"]) }
        #expect(throws: FolderExcludePatterns.Problem.unterminatedBracket("[ab")) { try FolderExcludePatterns(["[ab"]) }
        #expect(throws: FolderExcludePatterns.Problem.trailingBackslash("x\\")) { try FolderExcludePatterns(["x\\"]) }
    }
}
