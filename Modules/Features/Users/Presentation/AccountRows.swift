import KernelDomain
import KernelPresentation
import ScreenKit

/// The rows that describe a signed-in user, shared by the login and account
/// screens so both show the same words and the same typed values.
enum AccountRows {
    static func rows(for user: UserProfile) -> [DetailRow] {
        let created = Formatters.datetime(user.createdAt)
        return [
            DetailRow("Signed in as", user.displayName, id: "user"),
            DetailRow("First name", user.firstName, id: PersonName.Field.firstName.rawValue),
            DetailRow("Last name", user.lastName, id: PersonName.Field.lastName.rawValue),
            DetailRow("Profile created", created.display, id: "created", data: created.value, type: .datetime),
        ]
    }

    /// What an unset preferred front end is called in every face (`set` takes it too).
    static let defaultUI = "default"

    /// A user's preferred front end: its name, or null shown as "default".
    static func preferredUI(_ settings: UserSettings?) -> DetailRow {
        let choice = settings?.preferredUI?.rawValue
        return DetailRow("Preferred front end", choice ?? defaultUI, id: SettingKey.preferredUI.rawValue, data: .text(choice))
    }
}
