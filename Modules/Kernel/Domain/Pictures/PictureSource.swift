/// The port any feature uses to get a picture: one per process (the
/// kernel's cache, created by Composition), shared by every feature.
///
/// A reference is an `http://`/`https://` URL (fetched once, kept in the
/// cache, revalidated, readable offline) or an absolute file path (read
/// where it is). Every answer was checked (`Picture(checking:)`); every
/// refusal is a `PictureError`.
public protocol PictureSource: Sendable {
    func picture(at reference: String) async throws(PictureError) -> Picture

    /// The cover kept beside an audio file (`CoverFileNames`), if its
    /// folder has one.
    func cover(besideAudioFile path: String) async throws(PictureError) -> Picture

    /// Why no picture may be shown now (the user turned pictures off), nil
    /// while they may: a picture action is unavailable with these words.
    var offReason: String? { get }
}

extension PictureSource {
    public var offReason: String? { nil }
}

/// The names of the cover a folder of audio files keeps beside them, as
/// cmus, MPD clients and file managers look for it: first match wins,
/// letter case ignored (`Cover.JPG` is `cover.jpg`).
public enum CoverFileNames {
    public static let preferred = ["cover.jpg", "cover.png", "folder.jpg", "folder.png"]

    /// The entry of `names` (a folder's listing) that is its cover, if any.
    public static func match(in names: [String]) -> String? {
        let lowered = Dictionary(names.sorted().map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        return preferred.lazy.compactMap { lowered[$0] }.first
    }
}
