import KernelDomain
import ScreenKit

/// Turns any error from below into what a screen shows. Domain errors carry
/// their own user-facing text; anything else is a bug and says so.
public enum ErrorPresentation {
    public static func screenError(_ error: any Error) -> ScreenError {
        if let screen = error as? ScreenError { return screen }
        if let domain = error as? any DomainError {
            let kind: ScreenError.Kind = domain.category == .notFound ? .notFound : .failed
            return ScreenError(kind: kind, code: domain.code, message: domain.message)
        }
        if error is CancellationError { return .failed("Cancelled.", code: "cancelled") }
        return .failed("Unexpected error: \(error)", code: "internal")
    }
}
