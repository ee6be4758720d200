extension ScreenStatus {
    /// The error a screen shows when the item it was opened on does not
    /// exist (a playlist, a folder, a photo, a repository), as a
    /// `ScreenError` of kind `notFound`; nil for any other status. Every
    /// not-found code ends in `not_found` (`playlist.not_found`,
    /// `folder.not_found`, `ScreenError.notFound`'s own default), which is
    /// what this reads: a status keeps the code, not the error's kind.
    public var missingItem: ScreenError? {
        guard kind == .error, let code, code == "not_found" || code.hasSuffix(".not_found") else { return nil }
        return .notFound(message ?? "Not found.", code: code)
    }
}
