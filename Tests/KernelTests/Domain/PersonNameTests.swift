import KernelDomain
import Testing

/// The name rules for sign-in, with each bad input the issue names.
@Suite struct PersonNameTests {
    @Test func trimsAndAccepts() throws {
        let name = try PersonName(first: "  Ada ", last: "\tLovelace\n")
        #expect(name.first == "Ada")
        #expect(name.last == "Lovelace")
        #expect(try PersonName(first: "Zoë", last: "山田").last == "山田")
    }

    @Test func emptyOrWhitespaceIsRefusedPerField() {
        #expect(throws: UserError.invalidName(.firstName, .empty)) { try PersonName(first: "   ", last: "Lovelace") }
        #expect(throws: UserError.invalidName(.lastName, .empty)) { try PersonName(first: "Ada", last: "") }
        #expect(UserError.invalidName(.lastName, .empty).message == "Last name must not be empty.")
        #expect(UserError.invalidName(.firstName, .empty).code == "user.invalid_first_name")
    }

    @Test func escapeSequencesAndInnerNewlinesAreRefused() {
        #expect(throws: UserError.invalidName(.firstName, .controlCharacters)) {
            try PersonName(first: "A\u{1B}[31mda", last: "Lovelace")
        }
        #expect(throws: UserError.invalidName(.lastName, .controlCharacters)) {
            try PersonName(first: "Ada", last: "Love\nlace")
        }
    }

    @Test func tenThousandCharactersIsRefusedWithoutEchoingTheName() throws {
        let long = String(repeating: "a", count: 10_000)
        #expect(throws: UserError.invalidName(.firstName, .tooLong(limit: 100))) { try PersonName(first: long, last: "B") }
        let message = UserError.invalidName(.firstName, .tooLong(limit: 100)).message
        #expect(message == "First name must be at most 100 characters.")
        #expect(try PersonName(first: String(repeating: "a", count: 100), last: "B").first.count == 100)
    }

    @Test func tokensAreRedactedWhenPrinted() {
        let token = SessionToken("facet_secret")
        #expect("\(token)" == "<redacted token>")
        #expect(String(reflecting: token) == "<redacted token>")
        #expect(token.reveal() == "facet_secret")
    }
}
