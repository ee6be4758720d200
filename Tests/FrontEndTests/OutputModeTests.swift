@testable import CLIFrontEnd
import ScreenKit
import Testing

@Suite struct OutputModeTests {
    func extract(_ tokens: [String]) throws(ScreenError) -> (OutputMode, [String]) {
        var rest = tokens
        let mode = try OutputMode.extract(from: &rest)
        return (mode, rest)
    }

    @Test func optionsAreTakenOffTheLineWhereverTheyAre() throws {
        #expect(try extract(["folders", "/srv"]) == (.human, ["folders", "/srv"]))
        #expect(try extract(["--json", "folders", "/srv"]) == (.json, ["folders", "/srv"]))
        #expect(try extract(["folders", "--jsonl", "/srv"]) == (.rows(fields: nil), ["folders", "/srv"]))
        #expect(try extract(["folders", "--fields", "name, bytes,name", "/srv"]) == (.rows(fields: ["name", "bytes"]), ["folders", "/srv"]))
        #expect(try extract(["folders", "--fields=id", "--jsonl"]) == (.rows(fields: ["id"]), ["folders"]))
    }

    @Test func contradictionsAndEmptyListsAreUsageErrors() {
        for tokens in [["x", "--json", "--jsonl"], ["x", "--json", "--fields", "a"], ["x", "--fields"], ["x", "--fields", " , "]] {
            #expect(throws: ScreenError.self, "\(tokens)") { try extract(tokens) }
            do { _ = try extract(tokens) } catch { #expect(error.kind == .invalidParams) }
        }
    }
}
