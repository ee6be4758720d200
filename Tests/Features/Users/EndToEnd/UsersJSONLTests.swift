import Foundation
import Testing
import TestSupport

/// The login scenario over JSON lines, its conformance with the CLI, and the
/// launcher's choice of front end (flag, FACET_UI, the user's preference).
@Suite(.tags(.users, .cli, .jsonl)) struct UsersJSONLTests {
    let home = TemporaryDirectory("facet-home")

    static func result(_ response: [String: Any]) -> [String: Any] { response["result"] as? [String: Any] ?? [:] }

    /// A snapshot without what differs between two runs by design (the
    /// one-time token, the minute the profile was created).
    static func comparable(_ snapshot: Any?) -> NSDictionary {
        guard let object = snapshot as? [String: Any] else { return [:] }
        return SnapshotJSON.withoutSignInOnce(object)
    }

    @Test func loginScenarioIsIdenticalInCLIAndJSONLinesAndLoadingIsNotified() throws {
        let cliHome = TemporaryDirectory("facet-home")
        let cli = try FacetProcess.run(
            ["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace", "--json"], home: cliHome.path)
        #expect(cli.status == 0)
        let viaCLI = try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8))

        let session = try JSONLSession(home: home.path)
        let opened = Self.result(try session.request("screen.open", ["screen": "login"]))
        let handle = opened["handle"] as? String ?? ""
        _ = try session.request("screen.perform", ["handle": handle, "action": "set-field", "args": ["field": "first-name", "value": "Ada"]])
        _ = try session.request("screen.perform", ["handle": handle, "action": "set-field", "args": ["field": "last-name", "value": "Lovelace"]])
        let performed = Self.result(try session.request("screen.perform", ["handle": handle, "action": "sign-in"]))
        #expect((performed["outcome"] as? [String: Any])?["pending"] as? Bool == true)
        // The loading state is the reply's snapshot (never sent again as a notification).
        let loadingSnapshot = performed["snapshot"] as? [String: Any]
        #expect((loadingSnapshot?["status"] as? [String: Any])?["kind"] as? String == "loading")
        #expect(((loadingSnapshot?["status"] as? [String: Any])?["message"] as? String) == "Signing in as Ada Lovelace…")
        let fields = ((loadingSnapshot?["content"] as? [String: Any])?["form"] as? [String: Any])?["fields"] as? [[String: Any]]
        #expect(fields?.allSatisfy { $0["readOnly"] as? Bool == true } == true)

        let waited = Self.result(try session.request("screen.wait", ["handle": handle]))
        let viaJSONL = waited["snapshot"]
        #expect(Self.comparable(viaJSONL) == Self.comparable(viaCLI))
        #expect(Self.comparable(viaCLI).count == 5)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: viaJSONL ?? [:]), as: UTF8.self)
        // No snapshot carries the session's token: no command takes one.
        #expect(text.range(of: #"facet_[0-9a-f]{64}"#, options: .regularExpression) == nil, "\(text)")
        let whoami = Self.result(try session.request("screen.open", ["screen": "whoami"]))
        #expect(String(describing: whoami).range(of: #"facet_[0-9a-f]{64}"#, options: .regularExpression) == nil)
        #expect(try session.finish() == 0)
    }

    /// A bad field is malformed input (-32602); a disabled action is a
    /// refusal by state (-32000 with `action_disabled`), as the README says.
    @Test func aBadFieldIsInvalidParamsAndADisabledActionIsAnApplicationError() throws {
        let session = try JSONLSession(home: home.path)
        let opened = Self.result(try session.request("screen.open", ["screen": "login"]))
        let handle = opened["handle"] as? String ?? ""
        let badField = try session.request(
            "screen.perform", ["handle": handle, "action": "set-field", "args": ["field": "nope", "value": "x"]])
        #expect((badField["error"] as? [String: Any])?["code"] as? Int == -32602, "\(badField)")
        #expect(((badField["error"] as? [String: Any])?["message"] as? String)?.contains("first-name, last-name") == true)
        let disabled = try session.request("screen.perform", ["handle": handle, "action": "sign-in"])
        let error = disabled["error"] as? [String: Any]
        // Refused by state, not malformed: an application error that says why.
        #expect(error?["code"] as? Int == -32000)
        #expect((error?["data"] as? [String: Any])?["code"] as? String == "action_disabled")
        let settings = Self.result(try session.request("screen.open", ["screen": "settings"]))
        let status = (settings["snapshot"] as? [String: Any])?["status"] as? [String: Any]
        #expect(status?["code"] as? String == "settings.not_signed_in")
        #expect(try session.finish() == 0)
    }

    @Test func launcherOrderIsFlagThenEnvironmentThenProfileThenDefault() throws {
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"# + "\n"
        func bare(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> String {
            try FacetProcess.run(arguments, home: home.path, environment: environment, stdin: initialize).stdout
        }
        func isJSONL(_ out: String) -> Bool { out.hasPrefix(#"{"id":1,"jsonrpc":"2.0","result":"#) || out.contains(#""jsonrpc":"2.0""#) }
        func isHelp(_ out: String) -> Bool { out.contains("Usage: facet") }

        // Nobody signed in: the default (CLI help in a pipe).
        #expect(isHelp(try bare()))
        #expect(try FacetProcess.run(["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"], home: home.path).status == 0)
        #expect(isHelp(try bare()))
        #expect(try FacetProcess.run(["settings", "set", "ui", "jsonl"], home: home.path).status == 0)

        // The profile's preference: bare `facet` in a pipe speaks JSON lines.
        #expect(isJSONL(try bare()))
        // FACET_UI beats the profile, and --ui beats FACET_UI.
        #expect(isHelp(try bare(environment: ["FACET_UI": "cli"])))
        #expect(isHelp(try bare(["--ui", "cli"], environment: ["FACET_UI": "jsonl"])))
        #expect(isJSONL(try bare(["--ui", "jsonl"], environment: ["FACET_UI": "cli"])))
        // A command on the line is a CLI call whatever the preference.
        let whoami = try FacetProcess.run(["whoami"], home: home.path)
        #expect(whoami.stdout.contains("Preferred front end  jsonl"))

        // A saved `tui` in a pipe (no terminal) falls back to the default, not an error.
        #expect(try FacetProcess.run(["settings", "set", "ui", "tui"], home: home.path).status == 0)
        let piped = try FacetProcess.run([], home: home.path, stdin: "")
        #expect(piped.status == 0)
        #expect(isHelp(piped.stdout))

        // Signed out: back to the default.
        #expect(try FacetProcess.run(["login", "sign-out"], home: home.path).status == 0)
        #expect(isHelp(try bare()))
    }
}
