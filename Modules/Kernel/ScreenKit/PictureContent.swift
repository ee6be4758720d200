import Foundation

/// A picture an action hands back (`ActionOutcome.picture`): bytes already
/// checked by the kernel's picture source (a kept format sniffed from the
/// bytes, within the size and pixel bounds), their MIME type (the sniffed
/// one) and dimensions. Faces render it with no feature-specific code: the
/// CLI writes the bytes (`--output FILE`), JSON lines sends them as base64,
/// MCP as image content.
///
/// Encodes as `{"mimeType", "width", "height", "size", "data"}` with
/// `data` in base64.
public struct PictureContent: Codable, Equatable, Sendable {
    public var mimeType: String
    public var width: Int
    public var height: Int
    public var bytes: [UInt8]

    public init(mimeType: String, width: Int, height: Int, bytes: [UInt8]) {
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The bytes in base64, as JSON and MCP carry them.
    public var base64: String { Data(bytes).base64EncodedString() }

    enum CodingKeys: String, CodingKey { case mimeType, width, height, size, data }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mimeType = try container.decode(String.self, forKey: .mimeType)
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
        let text = try container.decode(String.self, forKey: .data)
        guard let data = Data(base64Encoded: text) else {
            throw DecodingError.dataCorruptedError(forKey: .data, in: container, debugDescription: "data is not base64")
        }
        bytes = [UInt8](data)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mimeType, forKey: .mimeType)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(bytes.count, forKey: .size)
        try container.encode(base64, forKey: .data)
    }
}
