import CStb
import CWebP
import Foundation
import ScreenKit

/// stb_image (PNG, JPEG, GIF) and libwebp (WebP): the one place a face
/// turns a picture's bytes into pixels.
///
/// Both are linked (their .a files in the static release binary): a library
/// opened at run time inside a static executable brings a second C library,
/// whose thread-specific keys collide with the Swift runtime's
/// (docs/DEPENDENCIES.md). The bytes handed in were checked by the kernel
/// (a kept format, at most 64 million pixels), so decoding them is
/// bounded; a file that still fails to decode (truncated, fuzzed) is a
/// `nil`, never a crash.
public enum PictureDecoder {
    /// stb_image keeps its last failure in a global: one decode at a time.
    private static let stbLock = NSLock()

    /// The pixels of `picture`, or nil when they do not decode.
    public static func decode(_ picture: PictureContent) -> Pixels? {
        let bytes = picture.bytes
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else { return nil }
        if picture.mimeType == "image/webp" { return decodeWebP(bytes, checked: (picture.width, picture.height)) }
        return stbLock.withLock {
            var width: Int32 = 0
            var height: Int32 = 0
            var channels: Int32 = 0
            guard let pixels = bytes.withUnsafeBufferPointer({
                stbi_load_from_memory($0.baseAddress, Int32($0.count), &width, &height, &channels, 4)
            }) else { return nil }
            defer { stbi_image_free(pixels) }
            guard width > 0, height > 0 else { return nil }
            let count = Int(width) * Int(height) * 4
            return Pixels(width: Int(width), height: Int(height), rgba: Array(UnsafeBufferPointer(start: pixels, count: count)))
        }
    }

    /// libwebp's decoder is reentrant: no lock. Its header is read first,
    /// so a size other than the one the kernel checked (within its pixel
    /// bound) is refused before anything is allocated for it.
    private static func decodeWebP(_ bytes: [UInt8], checked: (width: Int, height: Int)) -> Pixels? {
        bytes.withUnsafeBufferPointer { buffer -> Pixels? in
            var width: Int32 = 0
            var height: Int32 = 0
            guard WebPGetInfo(buffer.baseAddress, buffer.count, &width, &height) != 0, width > 0, height > 0,
                Int(width) == checked.width, Int(height) == checked.height,
                let pixels = WebPDecodeRGBA(buffer.baseAddress, buffer.count, &width, &height)
            else { return nil }
            defer { WebPFree(pixels) }
            let count = Int(width) * Int(height) * 4
            return Pixels(width: Int(width), height: Int(height), rgba: Array(UnsafeBufferPointer(start: pixels, count: count)))
        }
    }
}
