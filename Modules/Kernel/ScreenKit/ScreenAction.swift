/// One action of a view model, declared once: what every face shows of it
/// (name, key, label, summary, typed parameters, effect), when it is not
/// available and why, the question it asks, and what it does, side by side.
///
/// The snapshot's actions (`DeclaredScreen.availableActions`), dispatch
/// (`ScreenModel.perform`), the question (`ScreenModel.confirmation`), the
/// screen's descriptor, and from those CLI help and completion, the TUI's
/// keys, MCP's tools and the OpenRPC entry all come from this value. A view
/// model refers to its actions as typed static members, so naming one that
/// does not exist does not compile; there is no `switch` over names.
@MainActor
public struct ScreenAction<Model: ScreenModel>: Sendable {
    public typealias Handler = @MainActor @Sendable (Model, ActionArguments) async throws(ScreenError) -> ActionOutcome
    public typealias Question = @MainActor @Sendable (Model, ActionArguments) async throws(ScreenError) -> String?

    /// What the contract carries, before the current state's availability.
    public let descriptor: ActionDescriptor
    let unavailable: (@MainActor @Sendable (Model) -> String?)?
    let question: Question?
    let typedQuestion: Question?
    let handler: Handler

    public var name: String { descriptor.name }

    /// - Parameters:
    ///   - unavailable: why the action cannot run now, in words a user can
    ///     act on; nil while it can.
    ///   - asks: the words naming exactly what it would remove or overwrite
    ///     (the effect adds whether undo exists), nil when it would remove
    ///     nothing; only for an effect that asks (`ActionEffect.asksFirst`).
    ///     Without it the question names the row or the screen.
    ///   - asksTyped: the second, typed question for the few targets that
    ///     need one (see `Screen.typedConfirmation`).
    public init(
        _ name: String, key: String? = nil, label: String, summary: String, effect: ActionEffect,
        reachesNetwork: Bool = false, params: [ParamDescriptor] = [], loadsContent: Bool = false, showsPicture: Bool = false,
        unavailable: (@MainActor @Sendable (Model) -> String?)? = nil,
        asks: Question? = nil, asksTyped: Question? = nil,
        perform: @escaping Handler
    ) {
        descriptor = ActionDescriptor(
            name: name, label: label, summary: summary, effect: effect, reachesNetwork: reachesNetwork, key: key,
            params: params, loadsContent: loadsContent, showsPicture: showsPicture)
        self.unavailable = unavailable
        question = asks
        typedQuestion = asksTyped
        handler = perform
    }

    /// The descriptor as `model` offers it now: disabled with its reason
    /// when `unavailable` gives one.
    public func available(on model: Model) -> ActionDescriptor {
        descriptor.disabled(because: unavailable?(model))
    }
}

/// A view model whose actions are `ScreenAction` declarations. `ScreenModel`
/// dispatches, asks and lists from them; the view model only builds the
/// rest of its snapshot, with `actions: availableActions`.
@MainActor
public protocol DeclaredScreen: ScreenModel {
    /// Every action, in the order faces list them.
    static var actions: [ScreenAction<Self>] { get }
}

extension DeclaredScreen {
    /// The actions for the snapshot, each enabled or disabled with its reason.
    public var availableActions: [ActionDescriptor] { Self.actions.map { $0.available(on: self) } }

    /// The descriptors for the screen's `ScreenDescriptor`.
    public static var actionDescriptors: [ActionDescriptor] { actions.map(\.descriptor) }

    /// Runs a declared action the way a face does (checked against the
    /// current state, arguments validated): for a view model's own callers
    /// and its tests, where a misspelt action does not compile.
    @discardableResult
    public func run(_ action: ScreenAction<Self>, _ arguments: ActionArguments = [:]) async throws(ScreenError) -> ActionOutcome {
        try await run(action.name, arguments)
    }

    func declared(_ name: String) -> ScreenAction<Self>? { Self.actions.first { $0.name == name } }

    func performDeclared(_ name: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        guard let action = declared(name) else {
            throw .invalidParams("unknown action '\(name)'", code: "unknown_action")
        }
        return try await action.handler(self, arguments)
    }

    func questionDeclared(_ name: String, _ arguments: ActionArguments) async throws(ScreenError) -> String? {
        guard let action = declared(name) else { return ActionConfirmation.generic(name, arguments, on: snapshot) }
        let words: String?
        if let question = action.question {
            words = try await question(self, arguments)
        } else {
            words = ActionConfirmation.generic(name, arguments, on: snapshot)
        }
        return words.map(action.descriptor.effect.question)
    }

    func typedQuestionDeclared(_ name: String, _ arguments: ActionArguments) async throws(ScreenError) -> String? {
        guard let question = declared(name)?.typedQuestion else { return nil }
        return try await question(self, arguments)
    }
}
