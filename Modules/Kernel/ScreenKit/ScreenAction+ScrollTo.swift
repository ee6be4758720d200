extension ScreenAction {
    /// `ActionDescriptor.scrollTo` declared for a paged list screen: the
    /// one shape every face knows, with the screen's own reason and move.
    public static func scrollTo(
        unavailable: @escaping @MainActor @Sendable (Model) -> String? = { _ in nil },
        perform: @escaping @MainActor @Sendable (Model, Int) async throws(ScreenError) -> Void
    ) -> ScreenAction {
        let shape = ActionDescriptor.scrollTo
        return ScreenAction(
            shape.name, key: shape.key, label: shape.label, summary: shape.summary, effect: shape.effect,
            params: shape.params, unavailable: unavailable
        ) { model, arguments throws(ScreenError) in
            try await perform(model, try arguments.requireInt(StandardParam.offset))
            return .done
        }
    }
}
