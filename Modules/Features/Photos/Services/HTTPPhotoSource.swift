import Foundation
import KernelDomain
import KernelServices
import PhotosDomain

/// `PhotoSource` over the process's shared HTTP client: `GET {base}/photos`,
/// a 2xx answer read by `PhotoListReader` while it arrives (parsed by
/// `PhotoListParser`) and fingerprinted by the body's digest, anything else
/// a `PhotoError` naming the URL. The body is capped
/// (`PhotoRules.bodyLimit`) by the client, which also applies the timeouts
/// and retries GETs.
///
/// Only the list is fetched: images are never downloaded by Facet (the
/// seed fetched them on the main thread); `open-url` hands them to a browser.
public struct HTTPPhotoSource: PhotoSource {
    let client: any KernelDomain.HTTPClient
    let bodyLimit: Int

    public init(client: any KernelDomain.HTTPClient, bodyLimit: Int = PhotoRules.bodyLimit) {
        self.client = client
        self.bodyLimit = bodyLimit
    }

    public func photos(baseURL: String, album: Int?) async throws -> FetchedPhotos {
        let url = try PhotoRules.listURL(baseURL: baseURL, album: album)
        let request = HTTPRequest(
            .get, url: url, headers: ["Accept": "application/json", "User-Agent": "facet (photos)"], bodyLimit: bodyLimit,
            digestsBody: true)
        let reader = PhotoListReader()
        let response: HTTPResponse
        do {
            response = try await client.send(request, reading: reader)
        } catch {
            throw Self.photoError(error, url: url)
        }
        guard response.isSuccess else { throw PhotoError.httpStatus(url: url, status: response.status) }
        // The body's SHA-256 is the list's fingerprint: the same bytes parse
        // to the same list, so the cache can skip comparing rows when a
        // refresh fetched the list it holds (JSONPlaceholder's never changes).
        return FetchedPhotos(try reader.finish(url: url), fingerprint: response.bodyDigest.map { Data($0) })
    }

    /// The shared client's transport failures, said about the photo list.
    static func photoError(_ error: HTTPError, url: String) -> PhotoError {
        switch error {
        case .connectionRefused: .connectionRefused(url: url)
        case .dnsFailure(let host): .network(url: url, detail: "the host name \(host) does not resolve (offline?)")
        case .network(let detail): .network(url: url, detail: detail)
        case .timeout(let seconds): .timeout(url: url, seconds: seconds)
        case .tls(let detail): .network(url: url, detail: "the secure connection failed (\(detail))")
        case .bodyTooLarge(let limit): .bodyTooLarge(url: url, limit: limit)
        case .invalidURL: .invalidBaseURL(url)
        case .tooManyRedirects: .network(url: url, detail: "the server redirected too many times")
        case .rateLimited: .httpStatus(url: url, status: 429)
        case .status(let status, _): .httpStatus(url: url, status: status)
        case .cancelled: .network(url: url, detail: "the request was cancelled")
        }
    }
}
