import ScreenKit

/// The screen error an action threw, nil when it succeeded: what every
/// front end would show the user. Any other error is wrapped, so a test
/// still sees it.
@MainActor
func thrownScreenError(_ body: () async throws -> Void) async -> ScreenError? {
    do {
        try await body()
        return nil
    } catch {
        return error as? ScreenError ?? ScreenError(kind: .failed, code: "unexpected", message: "\(error)")
    }
}
