#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A WebSocket client over a plain loopback socket (RFC 6455, text frames,
/// masked as a client must): for the tests that send what a browser would
/// not (a frame of any size, requests without reading the answers).
public final class RawWebSocket {
    public let fd: Int32

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// A frame read back.
    public struct Frame {
        public var opcode: UInt8
        public var payload: [UInt8]
        public var text: String { String(decoding: payload, as: UTF8.self) }
        /// A close frame's status code and reason.
        public var closeCode: Int? { opcode == 8 && payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil }
        public var closeReason: String { String(decoding: payload.dropFirst(2), as: UTF8.self) }
    }

    /// Connects to 127.0.0.1:`port` and completes the handshake for `path`
    /// with `headers` (`Cookie`, `Origin`); throws if the answer is not 101.
    /// `receiveBuffer`: as `RawHTTP.connectLoopback`.
    public init(port: Int, path: String, headers: [(String, String)], receiveBuffer: Int? = nil, timeout: Int = 10) throws {
        fd = try RawHTTP.connectLoopback(port: port, timeout: timeout, receiveBuffer: receiveBuffer)
        var lines = ["GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)"]
        lines += (headers + RawHTTP.webSocketHandshake(origin: nil)).map { "\($0.0): \($0.1)" }
        try sendAll(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8))
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { break }
            head.append(byte)
        }
        let text = String(decoding: head, as: UTF8.self)
        // A throw here still runs deinit (every property is set), which closes the socket.
        guard text.hasPrefix("HTTP/1.1 101") else { throw Failure(description: "no upgrade: \(text.prefix(200))") }
    }

    deinit { close(fd) }

    /// One masked text frame; false if the socket would not take it all
    /// (the send timeout passed, or the peer has gone).
    @discardableResult
    public func send(text: String) -> Bool {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return (try? sendAll(frame)) != nil
    }

    /// The next frame, or nil if the socket ended or timed out first.
    public func receive() -> Frame? {
        guard let head = take(2) else { return nil }
        var length = Int(head[1] & 0x7F)
        if length == 126 {
            guard let more = take(2) else { return nil }
            length = Int(more[0]) << 8 | Int(more[1])
        } else if length == 127 {
            guard let more = take(8) else { return nil }
            length = more.reduce(0) { $0 << 8 | Int($1) }
        }
        guard let payload = take(length) else { return nil }
        return Frame(opcode: head[0] & 0x0F, payload: payload)
    }

    /// Frames until one satisfies `condition` (nil if the socket ends first).
    public func receive(until condition: (Frame) -> Bool) -> Frame? {
        while let frame = receive() {
            if condition(frame) { return frame }
        }
        return nil
    }

    private func take(_ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, count - done) }
            if got <= 0 { return nil }
            done += got
        }
        return bytes
    }

    private func sendAll(_ bytes: [UInt8]) throws {
        var done = 0
        while done < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + done, bytes.count - done, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { throw Failure(description: "send: \(errno)") }
            done += sent
        }
    }
}
