import KernelDomain
import ScreenKit

/// A checked picture as a screen hands it to faces, and a picture refusal
/// as a screen reports it: the same for every feature that shows pictures.
public enum PicturePresentation {
    public static func content(_ picture: Picture) -> PictureContent {
        PictureContent(mimeType: picture.mimeType, width: picture.width, height: picture.height, bytes: picture.bytes)
    }

    /// The outcome of an action that hands back `picture`.
    public static func outcome(_ picture: Picture) -> ActionOutcome { ActionOutcome(picture: content(picture)) }

    /// A refusal as the screen error its message names.
    public static func screenError(_ error: PictureError) -> ScreenError { ErrorPresentation.screenError(error) }

    /// What an action says where no picture source is wired (unit tests).
    public static let notWired = ScreenError.failed("Pictures are not available here.", code: "picture.unavailable")
}
