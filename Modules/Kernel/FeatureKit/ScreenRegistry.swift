import ScreenKit

/// One screen a feature offers: what it is, and how to build it.
public struct ScreenRegistration {
    public var descriptor: ScreenDescriptor
    public var make: @MainActor (ActionArguments) throws(ScreenError) -> any Screen

    /// `bar`: faces with tabs keep the screen open and draw its summary
    /// on every tab (see `ScreenDescriptor.bar`); it must open without
    /// arguments, and its opening must not wait long (a face opens it after
    /// its first frame, but a connection attempt still needs a deadline).
    public init(
        _ descriptor: ScreenDescriptor, bar: Bool = false,
        make: @escaping @MainActor (ActionArguments) throws(ScreenError) -> any Screen
    ) {
        var descriptor = descriptor
        if bar {
            precondition(!descriptor.params.contains(where: \.required), "bar screen '\(descriptor.id)' needs arguments")
            descriptor.bar = true
        }
        self.descriptor = descriptor
        self.make = make
    }
}

/// The feature registry: every registered screen, in registration order.
/// Features fill it through `Feature.register(in:)`.
/// Front ends see it only as a `ScreenCatalog`.
@MainActor
public final class ScreenRegistry: ScreenCatalog {
    private var registrations: [ScreenRegistration] = []
    /// Given to every screen built here as its `ScreenModel.workExecutor`.
    private let workExecutor: (any TaskExecutor)?
    private let watched = WatchedScreens()
    /// See `ScreenCatalog.warnings`; set by the composition root.
    public var warnings: [String] = []

    public init(workExecutor: (any TaskExecutor)? = nil) {
        self.workExecutor = workExecutor
    }

    public func register(_ registration: ScreenRegistration) {
        precondition(!registrations.contains { $0.descriptor.id == registration.descriptor.id },
                     "screen '\(registration.descriptor.id)' registered twice")
        registrations.append(registration)
    }

    public var screens: [ScreenDescriptor] { registrations.map(\.descriptor) }

    public func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen {
        guard let registration = registrations.first(where: { $0.descriptor.id == request.screen }) else {
            throw .notFound("no screen named '\(request.screen)'", code: "unknown_screen")
        }
        let screen = try registration.make(request.params)
        if let workExecutor, let model = screen as? ScreenModel { model.workExecutor = workExecutor }
        watched.track(screen)
        return screen
    }

    /// Another process committed to the database: every screen built here
    /// that is watched reads its data again (see `WatchedScreens`).
    public func readWatchedScreensAgain() { watched.readAgain() }

    /// Something every screen's snapshot reads changed outside any screen
    /// (pictures turned off): every watched screen publishes again, which
    /// notifies only those whose snapshot differs.
    public func publishWatchedScreensAgain() { watched.publishAgain() }
}
