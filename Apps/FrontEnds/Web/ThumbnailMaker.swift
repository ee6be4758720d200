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

    /// `picture` made to fit `bound`×`bound`: as it is when it already fits
    /// or does not decode (the browser then shows what it can of it, as it
    /// would without a bound).
    func fitted(_ picture: PictureContent, within bound: Int) -> PictureContent {
        guard max(picture.width, picture.height) > bound, let pixels = PictureDecoder.decode(picture) else { return picture }
        let small = pixels.scaled(fitting: bound)
        return PictureContent(mimeType: "image/png", width: small.width, height: small.height, bytes: small.png())
    }
}
