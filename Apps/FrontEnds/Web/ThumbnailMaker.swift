import PicturePixels
import ScreenKit

/// Makes the small pictures a page shows beside its rows: a picture larger
/// than the row's image asks for is decoded, scaled to fit and sent as a
/// PNG of that size, so a page of rows moves kilobytes, not each picture
/// whole. An actor, so one picture is decoded at a time: the kernel lets in
/// pictures of up to 64 million pixels, and a page asks for dozens at once.
actor ThumbnailMaker {
    static let shared = ThumbnailMaker()

    /// The largest square a page may ask a picture to fit: a detail's
    /// picture is shown as it is, so anything larger is no thumbnail.
    static let largestFit = 1024

    /// Thumbnails already made, by the picture they were made from: decoding
    /// and scaling cost a page of rows several times what serving them does,
    /// and a page asks for the same ones each time it is opened. Bounded by
    /// their bytes; the oldest go first.
    private var made: [Key: PictureContent] = [:]
    private var order: [Key] = []
    private var keptBytes = 0
    private let keptBytesLimit: Int

    private struct Key: Hashable {
        /// The picture's bytes hashed (with their count, a collision would
        /// also need the same length), and the square asked for.
        var digest: Int
        var count: Int
        var bound: Int
    }

    init(keptBytesLimit: Int = 8 << 20) {
        self.keptBytesLimit = keptBytesLimit
    }

    /// `picture` made to fit `bound`×`bound`: as it is when it already fits
    /// or does not decode (the browser then shows what it can of it, as it
    /// would without a bound).
    func fitted(_ picture: PictureContent, within bound: Int) -> PictureContent {
        guard max(picture.width, picture.height) > bound else { return picture }
        var hasher = Hasher()
        picture.bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        let key = Key(digest: hasher.finalize(), count: picture.bytes.count, bound: bound)
        if let thumbnail = made[key] { return thumbnail }
        guard let pixels = PictureDecoder.decode(picture) else { return picture }
        let small = pixels.scaled(fitting: bound)
        let thumbnail = PictureContent(mimeType: "image/png", width: small.width, height: small.height, bytes: small.png())
        keep(thumbnail, as: key)
        return thumbnail
    }

    /// How many thumbnails are kept (for the tests of the bound).
    var keptCount: Int { made.count }

    private func keep(_ thumbnail: PictureContent, as key: Key) {
        guard thumbnail.bytes.count <= keptBytesLimit else { return }
        made[key] = thumbnail
        order.append(key)
        keptBytes += thumbnail.bytes.count
        while keptBytes > keptBytesLimit, !order.isEmpty {
            let oldest = order.removeFirst()
            keptBytes -= made.removeValue(forKey: oldest)?.bytes.count ?? 0
        }
    }
}
