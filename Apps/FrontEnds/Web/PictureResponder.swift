import Foundation
import HTTPTypes
import Hummingbird
import ScreenKit

/// `GET /picture?screen=ID&params=JSON&action=NAME[&item=ID][&fit=PIXELS]`:
/// the picture a screen's picture action (`ActionDescriptor.showsPicture`)
/// hands back, for the page's `<img>` beside a row or under a detail; with
/// `fit`, made no larger than a square of that side (`ThumbnailMaker`).
/// Answered only after the access guard (the page's cookie), as everything else.
///
/// Runs only an action its screen declares as showing a picture, which
/// reads only: a GET can never change data. The body is the kernel's
/// checked bytes with their sniffed type (never a type a server sent),
/// under `X-Content-Type-Options: nosniff`; anything refused is "no content"
/// with its reason's code in `Facet-Picture-Refused`, which the page does
/// not show (a malformed request is a short text answer).
enum PictureResponder {
    static let path = "/picture"

    struct Answer: Sendable {
        var status: HTTPResponse.Status
        var picture: PictureContent?
        var message: String
        /// Why a picture that exists was refused (`picture.unsupported`).
        var refusal: String?
        /// The square the picture is to fit, when the page asked for one.
        var fit: Int?

        init(
            status: HTTPResponse.Status, picture: PictureContent? = nil, message: String, refusal: String? = nil, fit: Int? = nil
        ) {
            self.status = status
            self.picture = picture
            self.message = message
            self.refusal = refusal
            self.fit = fit
        }
    }

    static let refusalHeader = HTTPField.Name("Facet-Picture-Refused")!

    @MainActor
    static func answer(query: String, catalog: any ScreenCatalog, screens: PictureScreens) async -> Answer {
        func value(_ name: String) -> String? {
            WebResponder.queryValue(name, in: query).flatMap { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
        }
        guard let screenID = value("screen"), let actionName = value("action"), let descriptor = catalog.descriptor(screenID) else {
            return Answer(status: .badRequest, message: "Give ?screen=ID&params=JSON&action=NAME.\n")
        }
        guard let action = descriptor.actions.first(where: { $0.name == actionName }), action.showsPicture, action.effect == .view else {
            return Answer(status: .notFound, message: "Screen '\(screenID)' has no picture action '\(actionName)'.\n")
        }
        var fit: Int?
        if let text = value("fit") {
            guard let side = Int(text), (1...ThumbnailMaker.largestFit).contains(side) else {
                return Answer(status: .badRequest, message: "fit must be a whole number of pixels from 1 to \(ThumbnailMaker.largestFit).\n")
            }
            fit = side
        }
        var params: ActionArguments = [:]
        if let text = value("params"), !text.isEmpty {
            guard let arguments = try? JSONDecoder().decode(ActionArguments.self, from: Data(text.utf8)) else {
                return Answer(status: .badRequest, message: "params must be a JSON object of the screen's parameters.\n")
            }
            params = arguments
        }
        var arguments: ActionArguments = [:]
        if let item = action.params.first(where: { $0.kind == .item }) {
            guard let id = value(StandardParam.item) else {
                return Answer(status: .badRequest, message: "This picture is a row's: add &\(StandardParam.item)=ID.\n")
            }
            arguments[item.name] = .string(id)
        }
        let screen: any Screen
        do {
            // Not waited for: a list's refresh from the network is no part of a picture.
            screen = try await screens.screen(ScreenRequest(screen: screenID, params: params), catalog: catalog)
        } catch {
            return Answer(status: .notFound, message: error.message + "\n")
        }
        do {
            guard let picture = try await screen.run(actionName, arguments).picture else {
                return Answer(status: .notFound, message: "No picture.\n")
            }
            return Answer(status: .ok, picture: picture, message: "", fit: fit)
        } catch {
            // No content, the reason's code in a header: an <img> gets no
            // picture, and a browser reports no failed load for it.
            return Answer(status: .noContent, message: error.message, refusal: error.code)
        }
    }

    /// The answer's picture made to fit the square it asked for: off the
    /// main actor, where the screens are, since decoding takes a while.
    static func fitted(_ answer: Answer) async -> Answer {
        guard let fit = answer.fit, let picture = answer.picture else { return answer }
        var fitted = answer
        fitted.picture = await ThumbnailMaker.shared.fitted(picture, within: fit)
        return fitted
    }

    static func response(_ answer: Answer) -> Response {
        if let refusal = answer.refusal {
            var headers = HTTPFields()
            SecurityHeaders.apply(to: &headers)
            headers[refusalHeader] = refusal
            return Response(status: answer.status, headers: headers)
        }
        guard let picture = answer.picture else { return WebResponder.text(answer.status, answer.message) }
        var headers = HTTPFields()
        headers[.contentType] = picture.mimeType
        SecurityHeaders.apply(to: &headers)
        // The picture stays the same for a while: the page's rows may ask again as they scroll.
        headers[.cacheControl] = "private, max-age=300"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: picture.bytes)))
    }
}
