import Foundation
import KernelDomain

/// Seed 003's rules, as pure functions with nothing to set up.
///
/// The title rules, exactly as the sample had them: the screen opens with
/// the default title; selecting a photo makes its title the screen's title;
/// reloading first puts the default back, then loads.
public enum PhotoRules {
    /// The photos screen's title when opened and after every reload.
    public static let defaultTitle = "Photos"
    /// The heading every photos error carries (the seed wrote "Occured").
    public static let errorHeading = "An Error Occurred"
    /// The most bytes a photo list may take: JSONPlaceholder's 5,000 photos
    /// are about 1 MiB, so 16 MiB leaves room for bigger mirrors and still
    /// stops a runaway server from filling memory.
    public static let bodyLimit = 16 << 20

    /// The title after the user selects `photo`.
    public static func title(selecting photo: Photo) -> String { photo.title }

    /// The title at the start of a reload (before anything is loaded).
    public static func titleOnReload() -> String { defaultTitle }

    /// What a person reads for an error on a photos screen: the heading,
    /// then the specific description.
    public static func errorMessage(_ description: String) -> String { "\(errorHeading): \(description)" }

    /// Checks a fetched list as a whole (each record was checked while it
    /// was read): ids must be unique, since the cache is keyed by them.
    public static func check(_ photos: PhotoList) throws(PhotoError) {
        // By id alone: reading a photo would make its three strings.
        var smallest = Int.max, largest = Int.min
        for index in photos.indices {
            smallest = min(smallest, photos.id(at: index))
            largest = max(largest, photos.id(at: index))
        }
        // Ids are small and dense in practice (1…5,000): a flag per id
        // answers without hashing, which was most of this check's time.
        if !photos.isEmpty, smallest >= 0, largest < 2 * photos.count + 1024 {
            var seen = [Bool](repeating: false, count: largest + 1)
            for index in photos.indices {
                let id = photos.id(at: index)
                if seen[id] { throw .duplicateID(index: index, id: id) }
                seen[id] = true
            }
            return
        }
        var seen = Set<Int>(minimumCapacity: photos.count)
        for index in photos.indices where !seen.insert(photos.id(at: index)).inserted {
            throw .duplicateID(index: index, id: photos.id(at: index))
        }
    }

    /// The photo list's URL under a base URL (`https://host` → `https://host/photos`),
    /// optionally for one album (`?albumId=3`, the API's own filter).
    public static func listURL(baseURL: String, album: Int? = nil) throws(PhotoError) -> String {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let lower = base.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), base.count > 8 else {
            throw .invalidBaseURL(baseURL)
        }
        return base + "/photos" + (album.map { "?albumId=\($0)" } ?? "")
    }
}
