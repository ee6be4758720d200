import KernelPresentation
import PlaylistsDomain

/// The words for undoing a journalled change, shared by both playlist screens.
enum PlaylistUndoText {
    /// What undoing did, in the past tense since it is said once done:
    /// `put back 3 removed songs in "Road"`, `restored the deleted playlist "Road"`.
    static func describe(_ change: PlaylistChange) -> String {
        switch change.kind {
        case .remove: "put back \(Formatters.count(change.positions.count, "removed song")) in \"\(change.name)\""
        case .move: "moved \(Formatters.count(change.positions.count, "song")) of \"\(change.name)\" back"
        case .rename: "renamed the playlist back to \"\(change.name)\""
        case .delete: "restored the deleted playlist \"\(change.name)\""
        }
    }

    /// The notice once done: `Undone: put back 3 removed songs in "Road".`
    static func done(_ change: PlaylistChange) -> String { "Undone: \(describe(change))." }

    static let nothing = "Nothing to undo"
}
