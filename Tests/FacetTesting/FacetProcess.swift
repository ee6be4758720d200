import Foundation

/// Facet's own built `facet`, for its end-to-end tests: a one-shot CLI call
/// with its exit status and output, each with its own `FACET_HOME`. Another
/// package's executable is a `FacetExecutable` of its own.
public enum FacetProcess {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// `facet` beside the test bundle, or the one `FACET_BINARY` names.
    public static var executable: FacetExecutable { .built("facet", overriddenBy: "FACET_BINARY") }

    public static var binary: String { executable.path }

    /// The environment a test process gets: no terminal, no colours, this home.
    public static func environment(home: String, extra: [String: String] = [:]) -> [String: String] {
        FacetExecutable.environment(home: home, extra: extra)
    }

    public static func run(
        _ arguments: [String], home: String, environment extra: [String: String] = [:], stdin: String? = nil,
        currentDirectory: String? = nil, timeout: TimeInterval = 180
    ) throws -> Result {
        try executable.run(
            arguments, home: home, environment: extra, stdin: stdin, currentDirectory: currentDirectory, timeout: timeout)
    }
}
