import Foundation
import KernelDomain
import KernelPresentation
import PlaylistsDomain
import ScreenKit

/// A song's cover: its own `cover` (a URL, or a path, relative ones read
/// beside the audio file), else the cover file kept in the audio file's
/// folder (`CoverFileNames`), through the process's picture cache.
extension PlaylistViewModel {
    public static let coverAction = ScreenAction<PlaylistViewModel>(
        "cover", label: "Cover",
        summary: "The cover of the song at a position: its cover URL or file, else cover.jpg/cover.png/folder.jpg/"
            + "folder.png beside its audio file.",
        effect: .view, reachesNetwork: true, params: [itemParam], showsPicture: true,
        unavailable: { $0.pictures?.offReason ?? $0.missing ?? $0.noSongs.map { "No cover to show: " + $0 } }
    ) { model, arguments throws(ScreenError) in try await model.cover(at: try position(arguments)) }

    public func cover(at position: Int) async throws(ScreenError) -> ActionOutcome {
        guard let pictures else { throw PicturePresentation.notWired }
        let song = try await song(at: position)
        do {
            return PicturePresentation.outcome(try await Self.cover(of: song, at: position, from: pictures))
        } catch {
            throw PicturePresentation.screenError(error)
        }
    }

    nonisolated static func cover(
        of song: Song, at position: Int, from pictures: any PictureSource
    ) async throws(PictureError) -> Picture {
        switch coverReference(of: song) {
        case .reference(let reference): return try await pictures.picture(at: reference)
        case .beside(let audio): return try await pictures.cover(besideAudioFile: audio)
        case nil: throw .none("Song \(position) has no cover: no cover URL and no audio file beside which to look.")
        }
    }

    enum CoverReference: Equatable, Sendable {
        case reference(String)
        case beside(String)
    }

    /// Where the cover of `song` is to be found, if anywhere.
    nonisolated static func coverReference(of song: Song) -> CoverReference? {
        let audio = song.location.flatMap(localPath)
        let cover = song.cover.trimmingCharacters(in: .whitespaces)
        if !cover.isEmpty {
            if cover.contains("://") || cover.hasPrefix("/") { return .reference(cover) }
            if let audio { return .reference((audio as NSString).deletingLastPathComponent + "/" + cover) }
        }
        return audio.map(CoverReference.beside)
    }

    /// An audio location as a local absolute path: a path, or a `file://` URL.
    nonisolated static func localPath(_ location: String) -> String? {
        if location.hasPrefix("/") { return location }
        if location.lowercased().hasPrefix("file://"), let url = URL(string: location), url.path.hasPrefix("/") { return url.path }
        return nil
    }
}
