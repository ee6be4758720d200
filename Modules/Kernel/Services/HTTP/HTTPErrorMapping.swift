import AsyncHTTPClient
import Foundation
import KernelDomain
import NIOCore
import NIOPosix

/// Turns what AsyncHTTPClient and SwiftNIO throw into the Domain's
/// `HTTPError`, so no feature ever sees a library type.
enum HTTPErrorMapping {
    static func map(_ error: any Error, host: String, timeout: Duration) -> HTTPError {
        if let mapped = error as? HTTPError { return mapped }
        if error is CancellationError { return .cancelled }
        let seconds = LiveHTTPClient.seconds(timeout)
        if let client = error as? HTTPClientError {
            switch client {
            case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout, .tlsHandshakeTimeout,
                 .getConnectionFromPoolTimeout:
                return .timeout(seconds: seconds)
            case .cancelled: return .cancelled
            case .invalidURL, .emptyHost, .emptyScheme: return .invalidURL(host)
            case .remoteConnectionClosed: return .network("the server closed the connection")
            default: return .network(String(describing: client))
            }
        }
        if let connection = error as? NIOConnectionError {
            if connection.dnsAError != nil || connection.dnsAAAAError != nil, connection.connectionErrors.isEmpty {
                return .dnsFailure(host: host)
            }
            if connection.connectionErrors.contains(where: { isRefused($0.error) }) { return .connectionRefused(host: host) }
            return .network(String(describing: connection))
        }
        if isRefused(error) { return .connectionRefused(host: host) }
        if error is SocketAddressError { return .dnsFailure(host: host) }
        if let io = error as? IOError { return .network(String(cString: strerror(io.errnoCode))) }
        if let channel = error as? ChannelError {
            if case .connectTimeout = channel { return .timeout(seconds: seconds) }
            return .network(String(describing: channel))
        }
        let text = String(describing: error)
        if text.localizedCaseInsensitiveContains("ssl") || text.localizedCaseInsensitiveContains("tls")
            || text.localizedCaseInsensitiveContains("certificate") {
            return .tls(String(text.prefix(200)))
        }
        return .network(String(text.prefix(200)))
    }

    static func isRefused(_ error: any Error) -> Bool {
        if let io = error as? IOError { return io.errnoCode == ECONNREFUSED }
        return false
    }
}
