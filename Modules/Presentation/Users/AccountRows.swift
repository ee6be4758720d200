import Domain
import ScreenKit

/// The rows that describe a signed-in user, shared by the login and account
/// screens so both show the same words.
enum AccountRows {
    static func rows(for user: UserProfile) -> [DetailRow] {
        [
            DetailRow("Signed in as", user.displayName),
            DetailRow("First name", user.firstName),
            DetailRow("Last name", user.lastName),
            DetailRow("Profile created", Formatters.timestamp(user.createdAt)),
        ]
    }
}
