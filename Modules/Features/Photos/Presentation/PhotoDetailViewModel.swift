import Foundation
import KernelDomain
import KernelPresentation
import PhotosDomain
import ScreenKit

/// The *photo* screen: every field of one cached photo, typed, and the
/// action that opens its image in the browser. Reads the cache only, so it
/// opens instantly and offline; the image itself is never downloaded here.
///
/// Inputs: `openURL`. Outputs: `photo`, `cache`, `status`, and the derived `snapshot`.
@MainActor
public final class PhotoDetailViewModel: ScreenModel, DeclaredScreen {
    public static let screenID = "photo"

    public let id: Int
    public private(set) var photo: Photo?
    public private(set) var cache: PhotoCacheInfo?
    public private(set) var status: ScreenStatus = .loading("Reading the photo…")
    let catalog: PhotoCatalog
    private let opener: (@Sendable (String) async throws -> Bool)?
    /// The process's picture cache; nil where pictures are not wired (unit tests).
    let pictures: (any PictureSource)?

    public init(
        catalog: PhotoCatalog, id: Int, opener: (@Sendable (String) async throws -> Bool)? = nil,
        pictures: (any PictureSource)? = nil
    ) {
        self.catalog = catalog
        self.id = id
        self.opener = opener
        self.pictures = pictures
    }

    public override func start() async {
        do {
            cache = try await catalog.cacheInfo()
            photo = try await catalog.photo(id: id)
            status = .idle
        } catch {
            status = .error(PhotoFormat.screenError(error))
        }
        publish()
    }

    /// Opens the image URL through the opener port and returns it, with
    /// whether a browser was started.
    public func openURL() async throws(ScreenError) -> ActionOutcome {
        guard let photo else { throw PhotoFormat.screenError(PhotoError.notFound(id: id)) }
        var opened: Bool?
        if let opener {
            do { opened = try await opener(photo.url) } catch { throw PhotoFormat.screenError(error) }
        }
        return ActionOutcome(openURL: photo.url, urlOpened: opened)
    }

    /// The photo's image (or its thumbnail) through the picture cache:
    /// fetched once, then shown from the cache, offline too.
    public func image(thumbnail: Bool) async throws(ScreenError) -> ActionOutcome {
        guard let photo else { throw PhotoFormat.screenError(PhotoError.notFound(id: id)) }
        guard let pictures else { throw PicturePresentation.notWired }
        do {
            return PicturePresentation.outcome(try await pictures.picture(at: thumbnail ? photo.thumbnailUrl : photo.url))
        } catch {
            throw PicturePresentation.screenError(error)
        }
    }

    // MARK: Screen contract

    public static let openURLAction = ScreenAction<PhotoDetailViewModel>(
        StandardAction.openURL, key: "o", label: "Open image", summary: "Open the photo's image URL in the browser.", effect: .view,
        unavailable: { $0.photo == nil ? "No cached photo has id \($0.id)." : nil }
    ) { model, _ throws(ScreenError) in try await model.openURL() }

    public static let imageAction = ScreenAction<PhotoDetailViewModel>(
        "image", key: "i", label: "Image",
        summary: "The photo's image (--thumbnail: its thumbnail), fetched once, then kept in the picture cache.",
        effect: .view, reachesNetwork: true,
        params: [ParamDescriptor(name: "thumbnail", label: "The thumbnail instead of the full image", kind: .bool, required: false)],
        showsPicture: true,
        unavailable: { $0.pictures?.offReason ?? ($0.photo == nil ? "No cached photo has id \($0.id)." : nil) }
    ) { model, arguments throws(ScreenError) in try await model.image(thumbnail: arguments.bool("thumbnail") ?? false) }

    public static let actions = [openURLAction, imageAction]

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Photo", summary: "Every field of one cached photo; open its image in the browser.",
        params: [ParamDescriptor(name: "id", label: "Photo id", kind: .int, positional: true)
            .values(from: ValueSource(screen: "photos", params: ["offline": .bool(true)]))],
        actions: actionDescriptors, topLevel: false, examples: ["facet photo 7", "facet photo 7 open-url"])

    public override var snapshot: ScreenSnapshot {
        var rows: [DetailRow] = []
        if let photo {
            rows = [
                DetailRow("ID", String(photo.id), id: "id", data: .int(photo.id), type: .integer),
                DetailRow("Album", String(photo.albumId), id: "albumId", data: .int(photo.albumId), type: .integer),
                DetailRow("Title", photo.title, id: "title"),
                DetailRow("Image URL", photo.url, id: "url", type: .url),
                DetailRow("Thumbnail URL", photo.thumbnailUrl, id: "thumbnailUrl", type: .url),
            ]
            if let cache { rows.append(PhotoFormat.fetchedRow(cache, now: catalog.now())) }
        }
        return ScreenSnapshot(
            screen: Self.screenID, title: photo?.title ?? "Photo \(id)", status: status,
            content: ScreenContent(detail: DetailContent(rows: rows)),
            actions: availableActions)
    }
}
