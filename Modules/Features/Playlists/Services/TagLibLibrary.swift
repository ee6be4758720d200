import CTagLib
import Foundation
import KernelDomain

/// TagLib's C API, opened at run time, and the one place Facet calls it.
///
/// Not linked: the release `facet` is one static executable and Debian ships
/// TagLib only as shared libraries, so it is opened with `dlopen` (a Facet
/// without it reads names from file names, as before). Every call goes
/// through `read`, under one lock: the C API keeps the strings it returns in
/// one process-wide list that `taglib_tag_free_strings` empties, so two
/// readers at once would free each other's strings.
final class TagLibLibrary: @unchecked Sendable {
    typealias FileNew = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<TagLib_File>?
    typealias FileFree = @convention(c) (UnsafeMutablePointer<TagLib_File>?) -> Void
    typealias FileIsValid = @convention(c) (UnsafePointer<TagLib_File>?) -> Int32
    typealias FileTag = @convention(c) (UnsafePointer<TagLib_File>?) -> UnsafeMutablePointer<TagLib_Tag>?
    typealias FileProperties = @convention(c) (UnsafePointer<TagLib_File>?) -> UnsafePointer<TagLib_AudioProperties>?
    typealias TagText = @convention(c) (UnsafePointer<TagLib_Tag>?) -> UnsafeMutablePointer<CChar>?
    typealias FreeStrings = @convention(c) () -> Void
    typealias Length = @convention(c) (UnsafePointer<TagLib_AudioProperties>?) -> Int32
    typealias SetFlag = @convention(c) (Int32) -> Void

    /// The library's names, the versioned one first (the runtime package,
    /// libtagc0, has only that one; the -dev package adds the plain name).
    static let names = ["libtag_c.so.0", "libtag_c.so"]

    /// Opened once per process; nil when TagLib is not installed.
    static let shared: TagLibLibrary? = names.lazy.compactMap { TagLibLibrary(path: $0) }.first

    private let lock = NSLock()
    private let fileNew: FileNew
    private let fileFree: FileFree
    private let fileIsValid: FileIsValid
    private let fileTag: FileTag
    private let fileProperties: FileProperties
    private let tagTitle: TagText
    private let tagArtist: TagText
    private let freeStrings: FreeStrings
    private let length: Length

    init?(path: String) {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, _: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let unicode = symbol("taglib_set_strings_unicode", SetFlag.self),
              let fileNew = symbol("taglib_file_new", FileNew.self),
              let fileFree = symbol("taglib_file_free", FileFree.self),
              let fileIsValid = symbol("taglib_file_is_valid", FileIsValid.self),
              let fileTag = symbol("taglib_file_tag", FileTag.self),
              let fileProperties = symbol("taglib_file_audioproperties", FileProperties.self),
              let tagTitle = symbol("taglib_tag_title", TagText.self),
              let tagArtist = symbol("taglib_tag_artist", TagText.self),
              let freeStrings = symbol("taglib_tag_free_strings", FreeStrings.self),
              let length = symbol("taglib_audioproperties_length", Length.self)
        else {
            dlclose(handle)
            return nil
        }
        // Tag text as UTF-8, not Latin-1: titles are in every script.
        unicode(1)
        (self.fileNew, self.fileFree, self.fileIsValid, self.fileTag, self.fileProperties) =
            (fileNew, fileFree, fileIsValid, fileTag, fileProperties)
        (self.tagTitle, self.tagArtist, self.freeStrings, self.length) = (tagTitle, tagArtist, freeStrings, length)
        // The handle stays open for the life of the process, as the
        // function pointers taken from it must.
    }

    /// The tags and length of the audio file at `path` (its exact bytes,
    /// see `FileSystemName`); nil when TagLib cannot open it (not audio,
    /// unreadable, a format it does not know).
    func read(_ path: String) -> AudioTags? {
        guard let bytes = FileSystemName.cString(of: path) else { return nil }
        return lock.withLock {
            guard let file = fileNew(bytes) else { return nil }
            defer { fileFree(file) }
            guard fileIsValid(file) != 0 else { return nil }
            var tags = AudioTags()
            if let tag = fileTag(file) {
                defer { freeStrings() }
                tags.title = Self.text(tagTitle(tag))
                tags.artist = Self.text(tagArtist(tag))
            }
            if let properties = fileProperties(file) {
                let seconds = Int(length(properties))
                tags.duration = seconds > 0 ? seconds : nil
            }
            return tags
        }
    }

    /// A tag's text, copied out of TagLib's buffer (freed with the rest by
    /// `taglib_tag_free_strings`), trimmed, at most `AudioTags.textLimit`
    /// characters; invalid UTF-8 is repaired. Only the bytes those
    /// characters can take are looked at, however long the tag.
    static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        let limit = AudioTags.textLimit * 8
        var length = strnlen(pointer, limit)
        // Cut at a character's first byte, not inside it.
        if length == limit {
            while length > 0, UInt8(bitPattern: pointer[length]) & 0xC0 == 0x80 { length -= 1 }
        }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
        return AudioTags.capped(String(decoding: bytes, as: UTF8.self))
    }
}

/// Audio files' own tags, read with TagLib when it is installed.
public struct TagLibTagReader: AudioTagReader {
    public init() {}

    /// Whether TagLib could be opened in this process.
    public static var isAvailable: Bool { TagLibLibrary.shared != nil }

    public func tags(ofFile path: String) -> AudioTags? { TagLibLibrary.shared?.read(path) }
}
